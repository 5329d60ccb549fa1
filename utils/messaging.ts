// The one messaging protocol shared by every entrypoint. Each message takes one `data` object
// and returns plain data; errors arrive as plain Errors that keep `code` (branch on err.code).
// The background checks the sender of each message before doing anything privileged
// (see utils/background/sender.ts). Each area adds its messages in its own section below.
import { browser, type Browser } from 'wxt/browser';
import type { ApiErrorCode } from './api/errors';
import type { Formality, ModelType } from './api/types';

/** Options of one page translation, as the content script receives them (never the key). */
export interface PageJobOptions {
  targetLang: string;
  /** '' = detect. */
  sourceLang: string;
  formality: Formality;
  modelType: ModelType;
  glossaryId?: string;
  bilingual: boolean;
}

/** One block to translate: HTML with Glossa's id-only inline tags, or plain text (attributes, title). */
export interface BlockRequest {
  text: string;
  format: 'html' | 'text';
}

export type BlockResult =
  | { ok: true; text: string; detectedSourceLang?: string }
  | { ok: false; code: ApiErrorCode | 'hostile'; message: string };

export interface PageProgress {
  total: number;
  done: number;
  failed: number;
  billedCharacters: number;
}

export interface ProtocolMap {
  // ── content script → background: page engine ───────────────────────────────────────
  /** Translate blocks for the sender's own tab; results in the same order. */
  translateBlocks(data: { blocks: BlockRequest[]; context?: string; sourceLang?: string }): { results: BlockResult[]; billedCharacters: number };
  /** Progress of the sender tab's translation (drives badge and popup). */
  reportProgress(data: PageProgress & { state: 'translating' | 'translated' | 'original' | 'error'; errorCode?: ApiErrorCode }): void;

  // ── background → content script ───────────────────────────────────────────────────
  startTranslation(data: PageJobOptions): void;
  showOriginal(data: Record<string, never>): void;
  retryFailed(data: Record<string, never>): void;
}


// A small transport over browser.runtime/tabs messaging, so the polyfill covers Firefox and
// the fake browser covers tests. Replies are wrapped so errors keep their `code` on the way.
type MessageType = keyof ProtocolMap;
type DataOf<K extends MessageType> = Parameters<ProtocolMap[K]>[0];
type ReturnOf<K extends MessageType> = ReturnType<ProtocolMap[K]>;
type Envelope = { glossa: MessageType; data: unknown };
type Reply = { ok: true; value: unknown } | { ok: false; error: Record<string, unknown> };

export type MessageSender = Browser.runtime.MessageSender;
export type Handler<K extends MessageType> = (message: { data: DataOf<K>; sender: MessageSender }) => ReturnOf<K> | Promise<ReturnOf<K>>;

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).glossa === 'string';
}

function toPlainError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const plain: Record<string, unknown> = { name: err.name, message: err.message };
    for (const key of Object.keys(err)) {
      const value = (err as unknown as Record<string, unknown>)[key];
      if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
    }
    return plain;
  }
  return { name: 'Error', message: String(err) };
}

function fromPlainError(plain: Record<string, unknown>): Error {
  const err = new Error(typeof plain.message === 'string' ? plain.message : 'Unknown error');
  Object.assign(err, plain);
  return err;
}

async function unwrap(reply: unknown): Promise<unknown> {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) {
    throw Object.assign(new Error('No handler answered the message'), { code: 'no-receiver' });
  }
  const r = reply as Reply;
  if (r.ok) return r.value;
  throw fromPlainError(r.error);
}

/** Sends to the background (and extension pages), or to a tab's content script when tabId is given. */
export async function sendMessage<K extends MessageType>(type: K, data: DataOf<K>, tabId?: number): Promise<Awaited<ReturnOf<K>>> {
  const envelope: Envelope = { glossa: type, data };
  const reply = tabId === undefined
    ? await browser.runtime.sendMessage(envelope)
    : await browser.tabs.sendMessage(tabId, envelope, { frameId: 0 });
  return (await unwrap(reply)) as Awaited<ReturnOf<K>>;
}

const handlers = new Map<MessageType, Handler<MessageType>>();
let listening = false;

function listener(message: unknown, sender: MessageSender): Promise<Reply> | undefined {
  if (!isEnvelope(message)) return undefined;
  const handler = handlers.get(message.glossa);
  if (!handler) return undefined; // another context may answer it
  return Promise.resolve()
    .then(() => handler({ data: message.data as never, sender }))
    .then((value): Reply => ({ ok: true, value: value ?? null }), (err): Reply => ({ ok: false, error: toPlainError(err) }));
}

/** Registers the handler for one message type; returns a function that removes it. */
export function onMessage<K extends MessageType>(type: K, handler: Handler<K>): () => void {
  handlers.set(type, handler as unknown as Handler<MessageType>);
  if (!listening) {
    browser.runtime.onMessage.addListener(listener as never);
    listening = true;
  }
  return () => {
    if (handlers.get(type) === (handler as unknown)) handlers.delete(type);
  };
}

export function removeAllListeners(): void {
  handlers.clear();
  browser.runtime.onMessage.removeListener(listener as never);
  listening = false;
}
