// What a UI shows of a failure: errors cross messaging as plain Errors keeping their message.

/** The error's message, or the thrown value as text when it has none. */
export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}
