// Drives a test app (React, Vue or Svelte; see build.ts) through one interaction sequence with
// Glossa: translated, shown in the original, translated again. A model of the app's state says
// what every element must read; after each step the page must show exactly that (translated
// while the page is translated, in English while it is original), without a page error, and
// the API server's log must never hold text that is already a translation.
import { expect } from 'vitest';
import { pseudoTranslate } from '../../../server/index';
import { reorderInlineElements } from '../../../server/reorder';
import { INITIAL_ITEMS, MORE_ITEMS, TIMER_RUNS, type View } from './data';
import type { LiveBrowser, LivePage } from '../../e2e-lib/live-browser';

export interface Mode {
  name: string;
  targetLang: string;
  /** The server moves inline elements of a sentence (server/reorder.ts). */
  reorder: boolean;
}

export const PLAIN: Mode = { name: 'the server as is (German)', targetLang: 'DE', reorder: false };
export const REORDER: Mode = { name: 'translations that reorder inline elements (Japanese)', targetLang: 'JA', reorder: true };

/** One check of the page: an element's text or attribute, or how many elements match. */
export type Probe = { selector: string; source: string; attr?: string } | { selector: string; count: number };
export type Expected = { selector: string; text: string; attr?: string } | { selector: string; count: number };

/** The app's state as the user changed it; the source text every element must show. */
export class AppModel {
  view: View = 'home';
  count = 0;
  items = [...INITIAL_ITEMS];
  private added = 0;
  details = false;
  timerDone = false;
  tip = false;

  add(): void {
    this.items.push(MORE_ITEMS[this.added++ % MORE_ITEMS.length]);
  }

  probes(): Probe[] {
    const nav: Probe[] = [{ selector: '#go-home', source: 'Home' }, { selector: '#go-about', source: 'About' }];
    if (this.view === 'about') {
      return [...nav, { selector: '#home', count: 0 }, { selector: '#about-title', source: 'About this app' }, { selector: '#about-text', source: 'This page was built to test live translation.' }];
    }
    return [
      ...nav,
      { selector: '#about', count: 0 },
      { selector: '#title', source: 'Counter and list' },
      { selector: '#count', source: `You clicked ${this.count} times` },
      { selector: '#inc', source: 'Add one' },
      { selector: '#inc', attr: 'title', source: 'Adds one to the count' },
      { selector: '#list > li', count: this.items.length },
      ...this.items.map((item, i): Probe => ({ selector: `#list > li:nth-child(${i + 1})`, source: item })),
      { selector: '#add', source: 'Add an item' },
      { selector: '#remove', source: 'Remove the first item' },
      { selector: '#reverse', source: 'Reverse the list' },
      { selector: '#toggle', source: this.details ? 'Hide details' : 'Show details' },
      this.details ? { selector: '#details', source: 'These details appear only when asked for.' } : { selector: '#details', count: 0 },
      { selector: '#timer', source: 'Start the timer' },
      { selector: '#timer-status', source: this.timerDone ? `The timer stopped after ${TIMER_RUNS} runs.` : 'The timer has not started.' },
      { selector: '#sentence', source: `Read <a href="#guide">the guide</a> and ${this.tip ? '<em>the tip and </em>' : ''}<b>the notes</b> for help.` },
      { selector: '#sentence > *', count: this.tip ? 3 : 2 },
      { selector: '#tip', source: 'Toggle the tip' },
    ];
  }
}

const textOf = (markup: string) => markup.replace(/<[^>]*>/g, '');
/** Text that is not the apps' English: every pseudo-translation changes a letter beyond ASCII. */
// oxlint-disable-next-line no-control-regex -- the ASCII range starts at U+0000
export const TRANSLATED_RE = /[^\u0000-\u007f]/;

/** What each probe must read: the source, or the server's translation of it. */
export function expected(probes: Probe[], translated: Mode | undefined): Expected[] {
  return probes.map((probe) => {
    if ('count' in probe) return probe;
    if (!translated) return { selector: probe.selector, attr: probe.attr, text: textOf(probe.source) };
    const text = pseudoTranslate(probe.source, translated.targetLang, { tagHandling: 'html' });
    return { selector: probe.selector, attr: probe.attr, text: textOf(translated.reorder ? reorderInlineElements(text) : text) };
  });
}

/** Runs in the page: every probe that does not read as expected, described. */
function mismatches(checks: Expected[]): string[] {
  const out: string[] = [];
  for (const check of checks) {
    const found = document.querySelectorAll(check.selector);
    if ('count' in check) {
      if (found.length !== check.count) out.push(`${check.selector}: ${found.length} elements, expected ${check.count}`);
      continue;
    }
    const el = found[0];
    const seen = !el ? null : check.attr ? el.getAttribute(check.attr) : el.textContent;
    if (seen !== check.text) out.push(`${check.selector}${check.attr ? `[${check.attr}]` : ''}: ${JSON.stringify(seen)}, expected ${JSON.stringify(check.text)}`);
  }
  return out;
}

/** Waits until the page reads as `checks` say; returns what still differs after the wait (nothing when it does). */
export async function waitForChecks(page: LivePage, checks: Expected[]): Promise<string[]> {
  return (await page.waitFor(`(${mismatches.toString()})(${JSON.stringify(checks)}).length === 0`, 15_000)) ? [] : page.evaluate(mismatches, checks);
}

/** Runs in the page: elements under `scope` whose own text or attributes are translated. */
function translatedElements(scope: string): number {
  // oxlint-disable-next-line no-control-regex -- the ASCII range starts at U+0000
  const foreign = /[^\u0000-\u007f]/;
  return [...document.querySelectorAll(`${scope} *`)].filter((el) =>
    [...el.childNodes].some((n) => n.nodeType === 3 && foreign.test((n as Text).data)) || [...el.attributes].some((a) => foreign.test(a.value))).length;
}

export interface Figures {
  /** Elements translated before the first show original, all back in English after it. */
  restored: number;
  /** Of those, the ones in the home view (the view that left the page and came back). */
  restoredInHomeView: number;
  /** Characters billed when the page was translated again after show original. */
  resentCharacters: number;
  /** Texts sent in all (one record per text of every translate request). */
  textsSent: number;
  pageErrors: number;
}

export class AppSession {
  readonly model = new AppModel();
  translated: Mode | undefined;

  private constructor(
    readonly browser: LiveBrowser,
    readonly page: LivePage,
    readonly mode: Mode,
    /** Index into the server's log where this app's requests start. */
    private readonly logStart: number,
  ) {}

  /** Page errors and console errors since the app was opened. */
  get errors(): string[] {
    return this.page.errors;
  }

  /** Opens the app's page (watched for page errors and console errors from the start). */
  static async open(browser: LiveBrowser, path: string, mode: Mode): Promise<AppSession> {
    const logStart = browser.api.log.length;
    const session = new AppSession(browser, await browser.open(path), mode, logStart);
    await session.check('the app starts');
    return session;
  }

  /** Texts of every translate request since the app was opened. */
  sentTexts(from = this.logStart): string[] {
    return this.browser.api.log.slice(from).filter((r) => r.path === '/v2/translate').flatMap((r) => (r.params as { text?: string[] } | undefined)?.text ?? []);
  }

  /** Waits until the page shows the model's state (in the language it is in), then checks errors and the log. */
  async check(step: string): Promise<void> {
    const wrong = await waitForChecks(this.page, expected(this.model.probes(), this.translated));
    expect(this.errors, `after "${step}"`).toEqual([]);
    expect(wrong, `after "${step}" (${this.translated ? 'translated' : 'original'})`).toEqual([]);
    expect(this.sentTexts().filter((t) => TRANSLATED_RE.test(t)), `translations sent as source by "${step}"`).toEqual([]);
  }

  /** Clicks `times` times without waiting in between (answers still on their way meet newer text), then checks. */
  async click(selector: string, step: string, change: (model: AppModel) => void, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.page.click(selector);
      change(this.model);
    }
    await this.check(step);
  }

  /** The user's toggle (the toolbar command): translate, or show the original. */
  async toggleTranslation(): Promise<void> {
    await this.page.translatePageCommand();
    const phase = this.translated ? 'original' : 'translated';
    const state = await this.page.waitForPhase(phase);
    if (phase === 'translated') expect(state.failed).toBe(0);
    this.translated = this.translated ? undefined : this.mode;
    await this.check(phase === 'translated' ? 'translate the page' : 'show original');
  }

  translatedElements(scope = '#app'): Promise<number> {
    return this.page.evaluate(translatedElements, scope);
  }
}

/** The app steps every framework goes through, as [selector, step, change]. */
type Step = [selector: string, step: string, change: (model: AppModel) => void, times?: number];
const EDITS: Step[] = [
  ['#inc', 'count once', (m) => m.count++],
  ['#inc', 'count again', (m) => m.count++],
  ['#inc', 'count five times quickly', (m) => m.count++, 5],
  ['#add', 'add an item', (m) => m.add()],
  ['#add', 'add three items quickly', (m) => m.add(), 3],
  ['#remove', 'remove the first item', (m) => m.items.shift()],
  ['#reverse', 'reverse the list', (m) => m.items.reverse()],
  ['#toggle', 'show the details', (m) => (m.details = true)],
  ['#timer', 'run the timer to its end', (m) => (m.timerDone = true)],
  ['#tip', 'insert the tip into the sentence', (m) => (m.tip = true)],
  ['#go-about', 'route to the about view', (m) => (m.view = 'about')],
  ['#go-home', 'route back home', (m) => (m.view = 'home')],
  ['#inc', 'count after the round trip', (m) => m.count++],
  ['#add', 'add after the round trip', (m) => m.add()],
];
const WHILE_ORIGINAL: Step[] = [
  ['#inc', 'count while original', (m) => m.count++],
  ['#tip', 'take the tip out while original', (m) => (m.tip = false)],
  ['#go-about', 'route to about while original', (m) => (m.view = 'about')],
  ['#go-home', 'route home while original', (m) => (m.view = 'home')],
  ['#toggle', 'hide the details while original', (m) => (m.details = false)],
];
const AFTER_AGAIN: Step[] = [
  ['#tip', 'insert the tip again', (m) => (m.tip = true)],
  ['#reverse', 'reverse again', (m) => m.items.reverse()],
  ['#go-about', 'route to about again', (m) => (m.view = 'about')],
  ['#go-home', 'route home again', (m) => (m.view = 'home')],
  ['#inc', 'count at the end', (m) => m.count++],
  ['#tip', 'take the tip out at the end', (m) => (m.tip = false)],
];

async function steps(session: AppSession, list: Step[]): Promise<void> {
  for (const [selector, step, change, times] of list) await session.click(selector, step, change, times);
}

/** The whole sequence; returns the figures for the report. */
export async function driveApp(browser: LiveBrowser, path: string, mode: Mode): Promise<Figures> {
  const session = await AppSession.open(browser, path, mode);
  await session.toggleTranslation();
  await steps(session, EDITS);

  const translatedBefore = await session.translatedElements();
  const translatedInHome = await session.translatedElements('#home');
  expect(translatedBefore).toBeGreaterThan(0);
  await session.toggleTranslation();
  expect(await session.translatedElements(), 'elements still translated after show original').toBe(0);
  await steps(session, WHILE_ORIGINAL);

  const sentBefore = new Set(session.sentTexts());
  const logBefore = browser.api.log.length;
  await session.toggleTranslation();
  const again = browser.api.log.slice(logBefore).filter((r) => r.path === '/v2/translate');
  // What was translated before comes from the cache: only text the app changed while original is billed again.
  expect(session.sentTexts(logBefore).filter((t) => sentBefore.has(t)), 'texts billed again on translating again').toEqual([]);
  await steps(session, AFTER_AGAIN);
  await session.toggleTranslation();
  expect(await session.translatedElements(), 'elements still translated after the last show original').toBe(0);

  const figures: Figures = {
    restored: translatedBefore,
    restoredInHomeView: translatedInHome,
    resentCharacters: again.reduce((sum, r) => sum + (r.billedCharacters ?? 0), 0),
    textsSent: session.sentTexts().length,
    pageErrors: session.errors.length,
  };
  await session.page.close();
  return figures;
}
