// An inline validation message under the control it is about (point aria-describedby at `id`).
// With an id it stays in the document while empty, so the control's description never dangles.
export function FieldError({ id, message, live = false }: { id?: string; message: string | null | undefined; live?: boolean }) {
  if (!message && !id) return null;
  return <p id={id} class="g-field-error" role={live ? 'alert' : undefined} hidden={!message}>{message}</p>;
}
