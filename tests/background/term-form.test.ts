// The one-time handles behind the term form frame: a content script hands over what its page
// shows and gets the frame's URL; only the form frame of that same tab reads it, once.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerTermForms, termFormsItem, TERM_FORM_TTL_MS } from '../../utils/background/term-form';
import { removeAllListeners, type MessageSender, type TermFormRequest } from '../../utils/shared/protocol';

const TAB = 12;
const HANDLE = '3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f';
const contentScript: MessageSender = { id: fakeBrowser.runtime.id, url: 'https://news.example/a', tab: { id: TAB, url: 'https://news.example/a' } as never, frameId: 0 };
const frameOf = (tabId: number): MessageSender => ({
  id: fakeBrowser.runtime.id, url: `${fakeBrowser.runtime.getURL('/term-form.html')}#${HANDLE}`, tab: { id: tabId, url: 'https://news.example/a' } as never, frameId: 5,
});

async function send(type: string, data: unknown, sender: MessageSender): Promise<unknown> {
  const replies = await fakeBrowser.runtime.onMessage.trigger({ glossa: type, data }, sender);
  const reply = replies.find(Boolean) as unknown as { ok: boolean; value?: unknown; error?: Record<string, unknown> };
  if (reply.ok) return reply.value;
  throw Object.assign(new Error(String(reply.error?.message)), reply.error);
}

const fix: TermFormRequest = { kind: 'fix', original: 'The harbour master opens the gates.', translation: 'Der Hafenmeister öffnet die Tore.', selected: 'Hafenmeister', sourceLang: 'EN', targetLang: 'DE' };

describe('term form handles', () => {
  let clock = 1_000;
  beforeEach(() => {
    fakeBrowser.reset();
    removeAllListeners();
    clock = 1_000;
    registerTermForms({ now: () => clock, newId: () => HANDLE });
  });

  it('gives a content script the frame URL for what its page shows, and the frame of that tab reads it once', async () => {
    const { url } = await send('termFormOpen', fix, contentScript) as { url: string };
    expect(url).toBe(`${fakeBrowser.runtime.getURL('/term-form.html')}#${HANDLE}`);
    expect(await send('termFormData', { handle: HANDLE }, frameOf(TAB))).toEqual(fix);
    await expect(send('termFormData', { handle: HANDLE }, frameOf(TAB))).rejects.toMatchObject({ code: 'not-found' });
    expect(await termFormsItem(TAB).getValue()).toEqual([]);
  });

  it('refuses the handle to content scripts, to a frame of another tab, and after it expired', async () => {
    await send('termFormOpen', fix, contentScript);
    await expect(send('termFormData', { handle: HANDLE }, contentScript)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(send('termFormData', { handle: HANDLE }, frameOf(TAB + 1))).rejects.toMatchObject({ code: 'not-found' });
    clock += TERM_FORM_TTL_MS + 1;
    await expect(send('termFormData', { handle: HANDLE }, frameOf(TAB))).rejects.toMatchObject({ code: 'not-found' });
  });

  it('opens forms for the PDF viewer in a tab (an extension page), but for no other extension page', async () => {
    const viewerUrl = `${fakeBrowser.runtime.getURL('/pdf-viewer.html')}?file=https%3A%2F%2Fexample.org%2Fa.pdf`;
    const viewer: MessageSender = { id: fakeBrowser.runtime.id, url: viewerUrl, tab: { id: TAB, url: viewerUrl } as never, frameId: 0 };
    expect(await send('termFormOpen', fix, viewer)).toEqual({ url: `${fakeBrowser.runtime.getURL('/term-form.html')}#${HANDLE}` });
    const optionsUrl = fakeBrowser.runtime.getURL('/options.html');
    await expect(send('termFormOpen', fix, { id: fakeBrowser.runtime.id, url: optionsUrl, tab: { id: TAB, url: optionsUrl } as never, frameId: 0 })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(send('termFormOpen', fix, { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('takes only page-sized text in the known shapes, and no frame may open forms', async () => {
    await expect(send('termFormOpen', { ...fix, kind: 'other' }, contentScript)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(send('termFormOpen', { ...fix, selected: 'x'.repeat(5000) }, contentScript)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(send('termFormOpen', fix, frameOf(TAB))).rejects.toMatchObject({ code: 'forbidden' });
  });
});
