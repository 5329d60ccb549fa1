// A message as a content script or extension page sends it to the background: through the
// protocol's listener, so the message's rule checks sender and data before the handler runs.
// No vitest import: the benchmarks use it too.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MessageSender } from '../../utils/shared/protocol';

/** Delivers a message to the background's handlers as the browser would, from `sender`, and unwraps the reply. */
export async function ask<T = unknown>(type: string, data: unknown, sender: MessageSender): Promise<T> {
  const replies = (await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender)) as ({ ok: boolean; value?: unknown; error?: Record<string, unknown> } | undefined)[];
  const reply = replies.find(Boolean);
  if (!reply) throw Object.assign(new Error(`No handler for ${type}`), { code: 'no-receiver' });
  if (!reply.ok) throw Object.assign(new Error(String(reply.error?.message)), reply.error);
  return reply.value as T;
}
