// The background's one start-up gate: every listener (messages, commands, menus, tabs,
// webNavigation, permissions, install and start-up) waits for it, so no work runs before the
// private data has moved and the badges are restored (entrypoints/background.ts closes it).
let gate: Promise<unknown> = Promise.resolve();

/** Holds every background listener until `ready` settles (a failure opens the gate too). */
export function holdHandlersUntil(ready: Promise<unknown>): void {
  gate = ready.catch(() => undefined);
}

/** Settles when the gate opens. */
export function startupDone(): Promise<unknown> {
  return gate;
}
