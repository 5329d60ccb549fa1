import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isContentScript, isExtensionPage } from '../../utils/shared/sender';

const own = () => fakeBrowser.runtime.getURL('/options.html');

describe('sender checks', () => {
  it('accepts the extension’s own pages, also when opened in a tab', () => {
    expect(isExtensionPage({ id: fakeBrowser.runtime.id, url: own() })).toBe(true);
    expect(isExtensionPage({ id: fakeBrowser.runtime.id, url: own(), tab: { id: 3, url: own() } as never })).toBe(true);
  });

  it('refuses web pages, content scripts, other extensions and senders without a URL', () => {
    expect(isExtensionPage({ url: 'https://example.com/' })).toBe(false);
    expect(isExtensionPage({ id: fakeBrowser.runtime.id, url: 'https://example.com/', tab: { id: 3, url: 'https://example.com/' } as never })).toBe(false);
    expect(isExtensionPage({ id: 'other-extension', url: 'chrome-extension://other-extension/options.html' })).toBe(false);
    expect(isExtensionPage({ id: fakeBrowser.runtime.id, url: own(), tab: { id: 3, url: 'https://evil.example/' } as never })).toBe(false);
    expect(isExtensionPage({})).toBe(false);
    expect(isExtensionPage(undefined)).toBe(false);
  });

  it('recognises content scripts by their web-page tab', () => {
    expect(isContentScript({ id: fakeBrowser.runtime.id, url: 'https://example.com/a', tab: { id: 7, url: 'https://example.com/a' } as never })).toBe(true);
    expect(isContentScript({ id: fakeBrowser.runtime.id, url: own(), tab: { id: 7, url: own() } as never })).toBe(false);
    expect(isContentScript({ id: fakeBrowser.runtime.id, url: 'https://example.com/' })).toBe(false);
    expect(isContentScript({ id: 'other', url: 'https://example.com/', tab: { id: 7 } as never })).toBe(false);
  });
});
