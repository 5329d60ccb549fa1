// Writing help's optional field button: off by default; the popup's switch turns it on for the
// tab's site (a content script registered at run time); then focusing a textarea there shows the
// button (no other origin, no password or card field gets one), a real click opens the panel
// without taking the focus from the field, Replace writes the translation, Tab reaches it and
// Enter opens the panel, and the page's layout does not move. Removing the site in the options
// takes it away at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AxeResults, Result } from 'axe-core';
import { pseudoTranslate } from '../../server/index';
import { axeSource } from '../e2e-lib/axe';
import type { GlossaRoot } from '../e2e-lib/closed-roots-chromium';
import { launchInPage, type InPage, type InPageBrowser } from '../e2e-lib/in-page';
import { e2eBrowser } from '../e2e-lib/launch-live';
import { defaults } from '../e2e-lib/requests';
import { waitUntil } from '../e2e-lib/wait';
import { panelOutcome, readAs } from '../e2e-lib/writing-panel';

const firefox = e2eBrowser() === 'firefox';
const DRAFT = 'Thank you for your message.\nWe will call you tomorrow.';

const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Antwort</title>
<style>form { display: flex; flex-direction: column; gap: 4px; width: 480px; } textarea + label { color: #333; }</style></head><body>
<form>
<label for="reply">Antwort</label><textarea id="reply" rows="4"></textarea>
<label for="subject">Betreff</label><input id="subject" type="text" value="A question">
<label for="secret">Passwort</label><input id="secret" type="password" value="Secret words">
<label for="card">Karte</label><input id="card" type="text" autocomplete="cc-number" value="4111 1111">
<button type="button" id="after">Senden</button>
</form></body></html>`;

/** Boxes of every element of the form: what a user would see move. */
function layoutOf(page: InPage): Promise<string> {
  return page.evaluate(() => [...document.querySelectorAll('form > :not(glossa-field-button)')]
    .map((el) => { const r = el.getBoundingClientRect(); return `${el.localName}:${r.x},${r.y},${r.width},${r.height}`; }).join(' '));
}

/** Serious or critical axe-core findings inside the button's closed root (axe-core loaded into Glossa's world over the DevTools protocol). */
async function buttonViolations(root: GlossaRoot): Promise<string[]> {
  if (!(await root.evaluate(() => 'axe' in globalThis))) await root.loadScript(axeSource);
  const violations = await root.evaluate(async (shadow) => {
    Object.defineProperty(shadow.host, 'shadowRoot', { get: () => shadow, configurable: true });
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run({ include: [shadow.host] }, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(results.violations)) as Result[];
  });
  return (violations ?? []).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

const activeId = (page: InPage) => page.evaluate(() => (document.activeElement?.id || document.activeElement?.localName) ?? '');
const replyValue = (page: InPage) => page.evaluate(() => (document.getElementById('reply') as HTMLTextAreaElement).value);

describe(`the writing field button in ${firefox ? 'Firefox' : 'Chromium'}`, () => {
  let glossa: InPageBrowser;
  let page: InPage;
  const button = () => page.fieldButton();
  const shown = () => button().waitFor((root) => root.querySelector('button')?.getAttribute('aria-label'));

  async function writeDraft(): Promise<void> {
    await page.evaluate((value) => {
      const field = document.querySelector('#reply') as HTMLTextAreaElement;
      field.value = value;
      field.focus();
    }, DRAFT);
  }

  beforeAll(async () => {
    glossa = await launchInPage({ settings: { defaults: defaults('FR') } });
    glossa.pages.set('/button.html', PAGE);
    page = await glossa.open('/button.html');
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('is off by default: a focused textarea gets no button', async () => {
    expect(await glossa.registeredContentScripts()).toEqual([]);
    await page.focus('#reply');
    expect(await button().isOpen()).toBe(false);
  });

  it('the popup switch turns it on for the site; a click opens the panel, keeps the focus in the field, and Replace writes the translation', async () => {
    const popup = await glossa.openPopup(page);
    const toggle = popup.byRole('checkbox', 'Writing help on this site');
    await waitUntil(async () => !(await toggle.disabled()), 'the switch to be ready');
    // The switch follows the background's answer, so it turns on a moment after the click.
    await toggle.click();
    await waitUntil(() => toggle.checked(), 'the switch to stay on', 15_000);
    await popup.close();
    await page.bringToFront();
    expect(await glossa.registeredContentScripts()).toEqual([['*://127.0.0.1/*']]);

    const before = await layoutOf(page);
    await writeDraft();
    expect(await shown()).toBe('Translate what I wrote (Glossa)');
    expect(await layoutOf(page)).toBe(before);

    // The button sits inside the field's bottom right corner.
    const field = await page.evaluate(() => {
      const r = document.getElementById('reply')!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const spot = await button().waitFor((root) => {
      const r = root.querySelector('button')!.getBoundingClientRect();
      return r.width > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    });
    expect(spot.x).toBeGreaterThan(field.x + field.width / 2);
    expect(spot.x + spot.width).toBeLessThanOrEqual(field.x + field.width);
    expect(spot.y + spot.height).toBeLessThanOrEqual(field.y + field.height);

    await button().click('button');
    expect(await activeId(page)).toBe('reply');
    const sent = DRAFT.replace('\n', '<br>');
    const expected = readAs(pseudoTranslate(sent, 'DE', { tagHandling: 'html' }));
    expect((await panelOutcome(page.popover())).preview).toBe(expected);
    expect(await replyValue(page)).toBe(DRAFT);
    await page.popover().click('button:not([disabled])', 'Replace');
    await waitUntil(async () => (await replyValue(page)) === expected, 'the translation in the field', 10_000);
  });

  it('Tab from the field reaches the button, Enter opens the panel and Esc puts the focus back in the field', async () => {
    if (await page.popover().isOpen()) await page.press('Escape');
    await page.popover().waitForClosed();
    await writeDraft();
    await shown();
    await page.press('Tab');
    expect(await activeId(page)).toBe('glossa-field-button');
    await page.press('Enter');
    expect((await panelOutcome(page.popover())).preview).toBeTruthy();
    await page.press('Escape');
    await page.popover().waitForClosed();
    expect(await activeId(page)).toBe('reply');
  });

  it.skipIf(firefox)('is axe-clean in light and dark', async () => {
    // axe-core enters Glossa's world through the DevTools protocol (closed-roots-chromium.ts): Chromium only.
    for (const scheme of ['light', 'dark'] as const) {
      await page.colorScheme(scheme);
      await page.focus('#subject');
      await page.focus('#reply');
      await shown();
      expect(await buttonViolations(button() as GlossaRoot), scheme).toEqual([]);
    }
    await page.colorScheme('light');
  });

  it('a password or card-number field gets no button, a text input does', async () => {
    await page.focus('#subject');
    await button().waitFor((root) => !!root.querySelector('button'));
    await page.focus('#secret');
    await waitUntil(async () => !(await button().isOpen()), 'the button to leave the password field', 5_000);
    await page.focus('#card');
    expect(await button().isOpen()).toBe(false);
    await page.focus('#after');
    expect(await button().isOpen()).toBe(false);
  });

  it('another origin gets no button', async () => {
    const other = await glossa.open(page.url().replace('127.0.0.1', 'localhost'));
    await other.focus('#reply');
    // The same page on the enabled origin, opened after it, shows the button: the script had its chance.
    const again = await glossa.open('/button.html');
    await again.focus('#reply');
    await again.fieldButton().waitFor((root) => !!root.querySelector('button'));
    await other.bringToFront();
    expect(await other.fieldButton().isOpen()).toBe(false);
    await Promise.all([other.close(), again.close()]);
  });

  it('removing the site in the options takes the button away from its open tab and unregisters the script', async () => {
    await page.bringToFront();
    await page.focus('#reply');
    await shown();
    const options = await glossa.openOptions();
    const list = options.byRole('list', 'Writing button on these sites');
    await list.byRole('button', 'Remove 127.0.0.1').click();
    await options.byText('The writing button is off on 127.0.0.1').waitFor();
    await options.close();
    await page.bringToFront();
    await waitUntil(async () => !(await button().isOpen()), 'the button to leave the open tab', 10_000);
    expect(await glossa.registeredContentScripts()).toEqual([]);
  });
});
