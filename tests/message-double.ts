// Test doubles for the other side of a message: they answer without the sender and data checks
// that product handlers go through (utils/shared/messages-to-*.ts), on the protocol's wire format.
import { browser } from 'wxt/browser';
import { removeAllListeners as removeProductListeners, type Handler, type MessageType } from '../utils/shared/protocol';

const doubles = new Map<string, Handler<MessageType>>();
let listening = false;

function plainError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const plain: Record<string, unknown> = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  }
  return plain;
}

function listener(message: unknown, sender: unknown): Promise<unknown> | undefined {
  const type = (message as { glossa?: unknown } | null)?.glossa;
  const handler = typeof type === 'string' ? doubles.get(type) : undefined;
  if (!handler) return undefined;
  return Promise.resolve()
    .then(() => handler({ data: (message as { data: never }).data, sender: sender as never }))
    .then((value) => ({ ok: true, value: value ?? null }), (err: unknown) => ({ ok: false, error: plainError(err) }));
}

/** Answers `type` with `handler`, as the other side would, until removed. */
export function answer<K extends MessageType>(type: K, handler: Handler<K>): () => void {
  doubles.set(type, handler as unknown as Handler<MessageType>);
  if (!listening) {
    browser.runtime.onMessage.addListener(listener as never);
    listening = true;
  }
  return () => {
    if (doubles.get(type) === (handler as unknown)) doubles.delete(type);
  };
}

/** Removes the doubles and the product's handlers. */
export function removeAllListeners(): void {
  doubles.clear();
  browser.runtime.onMessage.removeListener(listener as never);
  listening = false;
  removeProductListeners();
}
