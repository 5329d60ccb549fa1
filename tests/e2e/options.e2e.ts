// The options page in Chromium against the local server: setting the key and server, testing
// the connection (good key, bad key, dead server), clear messages and no request for a
// malformed address or an empty key, defaults saved, site rules removed, keyboard-only saving.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchGlossaInChromium, TEST_KEY, type ChromiumGlossa } from '../e2e-lib/chromium-harness';

describe('options page', () => {
  let glossa: ChromiumGlossa;
  let options: Page;

  const stored = <T>(key: string) => glossa.inWorker(async (k: string) => (await chrome.storage.local.get(k))[k], key) as Promise<T>;
  const apiRequests = () => glossa.api.log.length;

  /** Waits until the page's own loading (languages, glossary lists) has reached the server. */
  async function settled(): Promise<number> {
    let last = -1;
    for (let stable = 0; stable < 4; ) {
      await new Promise((r) => setTimeout(r, 150));
      stable = apiRequests() === last ? stable + 1 : 0;
      last = apiRequests();
    }
    return last;
  }

  async function freshOptions(): Promise<Page> {
    await options?.close().catch(() => undefined);
    options = await glossa.openOptions();
    await options.getByLabel('API key').waitFor();
    return options;
  }

  async function setConnection(page: Page, key: string, address: string): Promise<void> {
    await page.getByLabel('API key').fill(key);
    await page.getByLabel('Plan').selectOption('custom');
    await page.getByLabel('Server address').fill(address);
  }

  const consoleLines: string[] = [];

  beforeAll(async () => {
    glossa = await launchGlossaInChromium({ unconfigured: true });
    glossa.context.on('console', (message) => consoleLines.push(message.text()));
  });
  afterAll(async () => {
    await glossa?.close();
  });
  beforeEach(async () => {
    await glossa.api.reset();
  });

  it('sets the key and a custom server, and the connection test reports the languages', async () => {
    const page = await freshOptions();
    expect(await page.getByLabel('API key').getAttribute('type')).toBe('password');
    await setConnection(page, TEST_KEY, glossa.api.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(await stored('connection')).toEqual({ apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url });

    await page.getByRole('button', { name: 'Test connection' }).click();
    const status = page.locator('#test-status');
    await status.getByText(/^Connected: \d+ target languages/).waitFor();
    const count = Number(/Connected: (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(34);
    const tested = glossa.api.log.filter((r) => r.path === '/v2/languages' && r.query.type === 'target');
    expect(tested.length).toBeGreaterThanOrEqual(1);
    expect(tested.every((r) => r.status === 200)).toBe(true);

    // Reopened, the page shows what was saved; the key stays masked until asked.
    const again = await freshOptions();
    expect(await again.getByLabel('API key').inputValue()).toBe(TEST_KEY);
    expect(await again.getByLabel('Server address').inputValue()).toBe(glossa.api.url);
  });

  it('names a rejected key', async () => {
    const page = await freshOptions();
    await page.getByLabel('API key').fill('not-the-key');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('#test-status').getByText('The server rejected the API key (HTTP 403)', { exact: false }).waitFor();
    expect(glossa.api.log.filter((r) => r.path === '/v2/languages').map((r) => r.status)).toEqual([403]);
  });

  it('names an unreachable server', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const page = await freshOptions();
    await setConnection(page, TEST_KEY, `http://127.0.0.1:${port}`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('#test-status').getByText(`Could not reach 127.0.0.1:${port}`, { exact: false }).waitFor();
  });

  it('gives a malformed address a clear message and sends nothing', async () => {
    const before = await stored('connection');
    const page = await freshOptions();
    const requests = await settled();
    await setConnection(page, TEST_KEY, `${glossa.api.url}/?key=${TEST_KEY}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Remove the query (the part from ?) from the address', { exact: false }).first().waitFor();
    expect(await page.getByLabel('Server address').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('#test-status').getByText('Remove the query', { exact: false }).waitFor();

    await page.getByLabel('Server address').fill('127.0.0.1:8787');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('#test-status').getByText('must start with https:// or http://', { exact: false }).waitFor();

    expect(await settled()).toBe(requests);
    expect(await stored('connection')).toEqual(before);
  });

  it('reports an address Glossa has no permission for, without a request', async () => {
    const address = 'https://api.glossa.invalid';
    // The manifest grants no host beyond the API's and the test servers'.
    const granted = await glossa.inWorker((origin: string) => chrome.permissions.contains({ origins: [origin] }), `${address}/*`);
    expect(granted).toBe(false);
    const page = await freshOptions();
    const requests = await settled();
    await setConnection(page, TEST_KEY, address);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('#test-status').getByText('Glossa may not contact api.glossa.invalid yet', { exact: false }).waitFor();
    expect(await settled()).toBe(requests);
  });

  it('gives an empty key a clear message and sends nothing', async () => {
    const page = await freshOptions();
    const requests = await settled();
    await page.getByLabel('API key').fill('');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('#test-status').getByText('Enter your API key first. No request was sent.').waitFor();
    expect(await settled()).toBe(requests);
  });

  it('saves the translation defaults', async () => {
    const page = await freshOptions();
    await page.getByLabel('Target language').selectOption('DE');
    await page.getByLabel('Formality').selectOption('prefer_more');
    await page.getByLabel('Model').selectOption('prefer_quality_optimized');
    await page.getByLabel('Bilingual display').check();
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Settings saved.').waitFor();
    expect(await stored('defaults')).toEqual({ targetLang: 'DE', sourceLang: '', formality: 'prefer_more', modelType: 'prefer_quality_optimized', bilingual: true });
    const reopened = await freshOptions();
    expect(await reopened.getByLabel('Target language').inputValue()).toBe('DE');
    expect(await reopened.getByLabel('Bilingual display').isChecked()).toBe(true);
  });

  it('removes a site rule', async () => {
    await glossa.setStorage({ siteRules: { always: ['news.example', 'blog.example'], never: ['bank.example'] } });
    const page = await freshOptions();
    await page.getByRole('button', { name: 'Remove news.example' }).click();
    await page.getByText('news.example removed', { exact: false }).waitFor();
    expect(await stored('siteRules')).toEqual({ always: ['blog.example'], never: ['bank.example'] });
    await page.getByRole('button', { name: 'Remove bank.example' }).click();
    await page.getByText('bank.example removed', { exact: false }).waitFor();
    expect(await stored('siteRules')).toEqual({ always: ['blog.example'], never: [] });
    expect(await page.getByRole('button', { name: 'Remove news.example' }).count()).toBe(0);
  });

  it('chooses a default glossary for a language pair', async () => {
    const created = await fetch(`${glossa.api.url}/v3/glossaries`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${TEST_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ship terms', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'hull\tRumpf', entries_format: 'tsv' }] }),
    });
    const { glossary_id: id } = (await created.json()) as { glossary_id: string };
    const page = await freshOptions();
    await page.getByLabel('Translation direction').selectOption('en>de');
    await page.getByLabel('Default glossary for this pair').selectOption(id);
    await page.getByText('Default glossary for English → German saved.').waitFor();
    expect(await stored('defaultGlossaries')).toEqual({ 'en>de': id });
  });

  it('saves with the keyboard alone', async () => {
    const page = await freshOptions();
    await page.getByLabel('API key').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('typed-by-keyboard');
    await page.keyboard.press('Enter');
    await page.getByText('Settings saved.').waitFor();
    expect(await stored<{ apiKey: string }>('connection')).toMatchObject({ apiKey: 'typed-by-keyboard' });
    // The show/hide toggle is reachable with Tab and works with Space.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('API key').getAttribute('type')).toBe('text');
    await glossa.setStorage({ connection: { apiKey: TEST_KEY, plan: 'custom', customUrl: glossa.api.url } });
  });

  it('warns before leaving with unsaved changes', async () => {
    const page = await freshOptions();
    // A real click: Chromium asks before unloading only pages the user has interacted with.
    await page.getByLabel('Bilingual display').click();
    await page.getByText('Unsaved changes').waitFor();
    const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }));
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
  });

  it('shows the welcome when opened after install, and follows the dark scheme', async () => {
    const page = await glossa.openOptions('?welcome=1');
    await page.getByRole('heading', { name: 'Welcome to Glossa' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(dark).toBe('rgb(32, 33, 36)');
    expect(light).toBe('rgb(248, 249, 250)');
    await page.close();
  });

  it('never printed a key to the console', () => {
    expect(consoleLines.filter((line) => line.includes(TEST_KEY) || line.includes('not-the-key') || line.includes('typed-by-keyboard'))).toEqual([]);
  });
});
