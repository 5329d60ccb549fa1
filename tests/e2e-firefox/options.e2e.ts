// The options page in Firefox: the key and a custom server address saved, the address's host
// permission asked for on Save (an MV2 optional permission in Firefox), Test connection
// against that server, and plain messages for a rejected key or an address not granted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startServer } from '../../server/index';
import { byLabel, byRole, choose, fill, valueOf, waitForText } from '../e2e-lib/firefox-dom';
import { launchGlossaInFirefox, TEST_KEY, type FirefoxGlossa } from '../e2e-lib/firefox-harness';

describe('options page in Firefox', () => {
  let glossa: FirefoxGlossa;
  /** The user's own server, on an address the add-on has no permission for until Save asks. */
  let custom: Awaited<ReturnType<typeof startServer>>;
  let options: Page | undefined;

  async function freshOptions(): Promise<Page> {
    await options?.close().catch(() => undefined);
    options = await glossa.openOptions();
    return options;
  }
  const testStatus = (page: Page, text: string) => waitForText(page, text, '#test-status');
  const mayContact = (origin: string) => glossa.inExtension((browser, o) => browser.permissions.contains({ origins: [o] }), origin);

  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ unconfigured: true });
    custom = await startServer({ port: 0, host: '127.0.0.2', plan: 'paid', keys: [TEST_KEY], admin: true });
  });
  afterAll(async () => {
    await custom?.close();
    await glossa?.close();
  });
  beforeEach(async () => {
    await custom.reset();
  });

  it('saves the key and a custom address, asking for its permission, and the connection test reports the languages', async () => {
    expect(await mayContact('http://127.0.0.2/*')).toBe(false);
    const page = await freshOptions();
    expect(await (await byLabel(page, 'API key')).evaluate((el) => (el as HTMLInputElement).type)).toBe('password');
    await fill(page, 'API key', TEST_KEY);
    await choose(page, 'Plan', 'custom');
    await fill(page, 'Server address', custom.url);
    await (await byRole(page, 'button', 'Save')).click();
    await waitForText(page, 'Settings saved.');
    expect(await glossa.stored('connection')).toEqual({ apiKey: TEST_KEY, plan: 'custom', customUrl: custom.url });
    expect(await mayContact('http://127.0.0.2/*')).toBe(true);

    await (await byRole(page, 'button', 'Test connection')).click();
    await testStatus(page, 'Connected: ');
    const status = await page.evaluate(() => document.getElementById('test-status')!.textContent ?? '');
    expect(Number(/Connected: (\d+) target languages/.exec(status)?.[1])).toBeGreaterThanOrEqual(34);
    const tested = custom.log.filter((r) => r.path === '/v2/languages' && r.query.type === 'target');
    expect(tested.length).toBeGreaterThanOrEqual(1);
    expect(tested.every((r) => r.status === 200)).toBe(true);

    // Reopened, the page shows what was saved.
    const again = await freshOptions();
    expect(await valueOf(again, 'API key')).toBe(TEST_KEY);
    expect(await valueOf(again, 'Server address')).toBe(custom.url);
  });

  it('names a rejected key', async () => {
    await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: custom.url } });
    const page = await freshOptions();
    await fill(page, 'API key', 'not-the-key');
    await (await byRole(page, 'button', 'Test connection')).click();
    await testStatus(page, 'The server rejected the API key (HTTP 403)');
    expect(custom.log.filter((r) => r.path === '/v2/languages').map((r) => r.status)).toEqual([403]);
  });

  it('reports an address Glossa may not contact yet, without sending anything', async () => {
    const page = await freshOptions();
    await fill(page, 'API key', TEST_KEY);
    await choose(page, 'Plan', 'custom');
    await fill(page, 'Server address', 'https://api.glossa.invalid');
    await (await byRole(page, 'button', 'Test connection')).click();
    await testStatus(page, 'Glossa may not contact api.glossa.invalid yet');
    expect(await mayContact('https://api.glossa.invalid/*')).toBe(false);
  });
});
