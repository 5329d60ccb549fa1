// An inline validation message under the control it is about (point aria-describedby at `id`).
export function FieldError({ id, message, live = false }: { id?: string; message: string; live?: boolean }) {
  if (!message) return null;
  return <p id={id} class="g-field-error" role={live ? 'alert' : undefined}>{message}</p>;
}
