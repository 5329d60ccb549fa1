// A message as a content script or extension page sends it to the background: through the
// protocol's listener, so the message's rule checks sender and data before the handler runs.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MessageSender, MessageType } from '../../utils/shared/protocol';

export async function viaMessage<T = unknown>(type: MessageType, data: unknown, sender: MessageSender): Promise<T> {
  const [reply] = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender);
  const answer = (await reply) as { ok: boolean; value?: unknown; error?: { code: string; message: string } } | undefined;
  if (!answer) throw Object.assign(new Error(`No handler for ${type}`), { code: 'no-receiver' });
  if (!answer.ok) throw Object.assign(new Error(answer.error?.message), answer.error);
  return answer.value as T;
}
