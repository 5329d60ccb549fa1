// `Open PDFs in Glossa`: which navigations go to the viewer, and the way back to the browser's viewer.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { redirectPdfNavigation, registerPdfRedirect } from '@/utils/background/pdf-redirect';
import { openPdfsInGlossaItem } from '@/utils/shared/pdf-settings';
import { removeAllListeners } from '@/utils/shared/protocol';

const PDF = 'https://example.org/papers/report.pdf?download=0';

async function openTab(url = 'https://example.org/'): Promise<number> {
  return (await fakeBrowser.tabs.create({ url })).id!;
}

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

describe('PDF navigations', () => {
  it('leave PDFs alone while the option is off (the default)', async () => {
    const tabId = await openTab();
    await redirectPdfNavigation({ tabId, frameId: 0, url: PDF });
    expect((await fakeBrowser.tabs.get(tabId)).url).toBe('https://example.org/');
  });

  it('send a top-level PDF navigation to the viewer, and nothing else', async () => {
    await openPdfsInGlossaItem.setValue(true);
    const tabId = await openTab();
    await redirectPdfNavigation({ tabId, frameId: 3, url: PDF });
    await redirectPdfNavigation({ tabId, frameId: 0, url: 'https://example.org/page.html' });
    expect((await fakeBrowser.tabs.get(tabId)).url).toBe('https://example.org/');
    await redirectPdfNavigation({ tabId, frameId: 0, url: PDF });
    expect((await fakeBrowser.tabs.get(tabId)).url).toBe(fakeBrowser.runtime.getURL('/pdf-viewer.html') + '?file=' + encodeURIComponent(PDF));
  });

  it('let the viewer\'s way back through once, for that tab and address', async () => {
    await openPdfsInGlossaItem.setValue(true);
    // The fake browser has no permission events; the redirect listens for a late grant there.
    Object.assign(fakeBrowser.permissions, { onAdded: { addListener: () => undefined } });
    registerPdfRedirect();
    const tabId = await openTab(fakeBrowser.runtime.getURL('/pdf-viewer.html') + '?file=' + encodeURIComponent(PDF));
    const viewer = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/pdf-viewer.html'), tab: { id: tabId } };
    const [reply] = await fakeBrowser.runtime.onMessage.trigger({ glossa: 'pdfPassThrough', data: { url: PDF } }, viewer as never);
    expect(await reply).toMatchObject({ ok: true, value: { allowed: true } });
    await fakeBrowser.tabs.update(tabId, { url: PDF });
    await redirectPdfNavigation({ tabId, frameId: 0, url: PDF });
    expect((await fakeBrowser.tabs.get(tabId)).url).toBe(PDF);
    // The next time the PDF opens, it goes to the viewer again.
    await redirectPdfNavigation({ tabId, frameId: 0, url: PDF });
    expect((await fakeBrowser.tabs.get(tabId)).url).toContain('/pdf-viewer.html');
  });
});
