// What the engine keeps per block is small on purpose (docs/speed.md, memory): the plain text
// is read back from the HTML sent, restore records hold fingerprints of what was written, and
// translations are kept by key, so a twin found later is answered without a call.
import { describe, expect, it } from 'vitest';
import { plainOf, serializeBlock } from '../../utils/page/serialize';
import { fingerprint } from '../../utils/page/fingerprint';
import { applyTranslation, createInertParser, matchTranslation, writeIntact } from '../../utils/page/write-back';
import { undoWrite } from '../../utils/page/undo-write';
import { createScheduler, type Schedulable } from '../../utils/page/scheduler';
import { createPageMarks } from '../../utils/page/page-marks';
import { listOf } from '../../utils/page/one-or-list';
import { releaseMarks, restoreMarks } from '../../utils/page/undo-write';

const BLOCKS = [
  '<p>  Plain text with   spaces\n and a line break  </p>',
  '<p>Fish &amp; chips &lt;b&gt; are &gt; 3 &amp;amp; more</p>',
  '<p><b> Bold start</b> then <a href="/x">a <i>link</i></a>, <code>x &lt; y</code> and <br>a break.</p>',
  '<p>\u00a0Non-breaking space around\u00a0</p>',
  '<p><span> </span><em>Only inline</em><span> </span></p>',
];

describe('per-block memory', () => {
  it.each(BLOCKS)('reads the plain text back from the HTML sent: %s', (markup) => {
    document.body.innerHTML = markup;
    const p = document.querySelector('p')!;
    const source = serializeBlock([...p.childNodes], { statusOf: (el) => (el.localName === 'code' || el.localName === 'br' ? 'opaque' : 'inline'), preservesWhitespace: () => false });
    expect(plainOf(source.html)).toBe(source.plain);
  });

  it('fingerprints tell texts apart and are stable', () => {
    const texts = ['', 'a', 'b', 'ab', 'ba', 'Der Hund', 'Der Hund ', 'der Hund', 'Ü', 'U\u0308', '😀', 'x'.repeat(10_000)];
    const prints = texts.map(fingerprint);
    expect(new Set(prints).size).toBe(texts.length);
    expect(texts.map(fingerprint)).toEqual(prints);
    for (const print of prints) expect(Number.isSafeInteger(print) && print >= 0).toBe(true);
  });

  it('keeps in a restore record the original texts and fingerprints of what was written, and restores byte-exact', () => {
    const markup = '<p>Read <a href="/doc">the docs</a> and <b>enjoy</b> it.</p>';
    document.body.innerHTML = markup;
    const p = document.querySelector('p')!;
    const source = serializeBlock([...p.childNodes], { statusOf: () => 'inline', preservesWhitespace: () => false });
    const match = matchTranslation(createInertParser(document)('<b id="2">Genießt</b> die <a id="1">Doku</a> und lest sie.'), source.slots);
    if (!match.ok) throw new Error(match.message);
    const record = applyTranslation(p, [...p.childNodes], source, match.tree);
    expect(p.textContent).toBe('Genießt die Doku und lest sie.');
    // No written text is held as a string: only the page's originals and numbers.
    expect(record.texts.filter((v) => typeof v === 'string').sort()).toEqual([' and ', ' it.', 'Read ', 'enjoy', 'the docs']);
    // Each fingerprint in two halves that are small integers (stored in the array, no heap number each).
    const numbers = record.texts.filter((v) => typeof v === 'number');
    expect(numbers).toHaveLength(10);
    for (const n of numbers) expect(Number.isInteger(n) && n >= 0 && n < 2 ** 26).toBe(true);
    expect(writeIntact(record)).toBe(true);
    undoWrite(record);
    expect(document.body.innerHTML).toBe(markup);
  });

  it('keeps a page\'s edit to a translated text on restore', () => {
    document.body.innerHTML = '<p>One <b>two</b></p>';
    const p = document.querySelector('p')!;
    const source = serializeBlock([...p.childNodes], { statusOf: () => 'inline', preservesWhitespace: () => false });
    const match = matchTranslation(createInertParser(document)('Eins <b id="1">zwei</b>'), source.slots);
    if (!match.ok) throw new Error(match.message);
    const record = applyTranslation(p, [...p.childNodes], source, match.tree);
    (p.firstChild as Text).data = 'Changed by the page ';
    expect(writeIntact(record)).toBe(false);
    undoWrite(record);
    expect(p.innerHTML).toBe('Changed by the page <b>two</b>');
  });

  it('keeps the language the API detected on each unit, and answers a later twin without a call', () => {
    type Item = Schedulable & { name: string };
    let seq = 0;
    const item = (name: string): Item => ({ name, seq: seq++, key: name, size: name.length, state: 'waiting', priority: 'nearby', queuedAt: 0, counted: false, quiet: false, version: 0, sentVersion: -1 });
    const s = createScheduler<Item, { ok: true; text: string; detectedSourceLang?: string }>({ limit: { blocks: 10, characters: 1000 }, maxInFlight: 2, quietDelayMs: 0, now: () => 0 });
    const [unique, twin1, twin2] = [item('unique'), item('twin'), item('twin')];
    for (const u of [unique, twin1, twin2]) s.track(u);
    for (const u of [unique, twin1]) s.enqueue(u, 'viewport');
    const plan = s.plan(false);
    s.settle(plan.batches[0], plan.batches[0].units.map((u) => ({ ok: true as const, text: u.name.toUpperCase(), detectedSourceLang: 'EN' })));
    expect(s.translationOf('unique')).toMatchObject({ text: 'UNIQUE' });
    expect(s.translationOf('twin')).toMatchObject({ text: 'TWIN' });
    expect(unique.detectedLang).toBe('EN');
    // The twin that comes near later is answered without a call.
    s.enqueue(twin2, 'nearby');
    const later = s.plan(false);
    expect(later.batches).toEqual([]);
    expect(later.joined.map((j) => j.unit)).toEqual([twin2]);
    expect(twin2.detectedLang).toBe('EN');
  });

  it('gives later twins exactly the translation and detected language each key was answered with', () => {
    type Item = Schedulable & { name: string };
    type Result = { ok: true; text: string; detectedSourceLang?: string };
    let seq = 0;
    const item = (name: string): Item => ({ name, seq: seq++, key: name, size: name.length, state: 'waiting', priority: 'nearby', queuedAt: 0, counted: false, quiet: false, version: 0, sentVersion: -1 });
    const s = createScheduler<Item, Result>({ limit: { blocks: 10, characters: 1000 }, maxInFlight: 2, quietDelayMs: 0, now: () => 0 });
    // Most translations share a detected language and are kept as their text alone; the others whole.
    const answers: Record<string, Result> = {
      first: { ok: true, text: 'ERSTE', detectedSourceLang: 'EN' },
      second: { ok: true, text: 'ZWEITE', detectedSourceLang: 'EN' },
      french: { ok: true, text: 'FRANZÖSISCH', detectedSourceLang: 'FR' },
      unsure: { ok: true, text: 'UNSICHER' },
    };
    const units = Object.keys(answers).map(item);
    for (const u of units) {
      s.track(u);
      s.enqueue(u, 'viewport');
    }
    const plan = s.plan(false);
    s.settle(plan.batches[0], plan.batches[0].units.map((u) => answers[u.name]));
    for (const name of Object.keys(answers)) expect(s.translationOf(name)).toEqual(answers[name]);
    const twins = Object.keys(answers).map(item);
    for (const twin of twins) {
      s.track(twin);
      s.enqueue(twin, 'nearby');
    }
    const later = s.plan(false);
    expect(later.batches).toEqual([]);
    expect(later.joined.map((j) => [j.unit.name, j.result])).toEqual(Object.entries(answers));
    expect(twins.map((t) => t.detectedLang)).toEqual(['EN', 'EN', 'FR', undefined]);
    // A fixed term's new translation replaces the old one for twins found afterwards.
    s.learn('first', { ok: true, text: 'ERSTENS', detectedSourceLang: 'EN' });
    expect(s.translationOf('first')).toEqual({ ok: true, text: 'ERSTENS', detectedSourceLang: 'EN' });
  });

  it('keeps queue times as small whole numbers under a wall clock, and quiet units still wait their delay', () => {
    type Item = Schedulable & { name: string };
    let clock = 1_764_000_000_000.25;
    let seq = 0;
    const item = (name: string, quiet: boolean): Item => ({ name, seq: seq++, key: name, size: name.length, state: 'waiting', priority: 'nearby', queuedAt: 0, counted: false, quiet, version: 0, sentVersion: -1 });
    const s = createScheduler<Item, { ok: true; text: string }>({ limit: { blocks: 10, characters: 1000 }, maxInFlight: 2, quietDelayMs: 400, now: () => clock });
    const tips = [item('tip one', true), item('tip two', true)];
    clock += 1234.5;
    for (const u of tips) {
      s.track(u);
      s.enqueue(u, 'nearby');
    }
    // A whole number within V8's small-integer range is stored in the unit itself, not boxed on the heap.
    for (const u of tips) expect(Number.isInteger(u.queuedAt) && Math.abs(u.queuedAt) < 2 ** 30).toBe(true);
    const early = s.plan(false);
    expect(early.batches).toEqual([]);
    expect(early.wakeInMs).toBe(401);
    clock += 401;
    expect(s.plan(false).again).toBe(true);
    expect(s.plan(false).batches.map((b) => b.units.map((u) => u.name))).toEqual([['tip one', 'tip two']]);
  });

  it('records each attribute it sets once per element, with the owners holding it, and puts each back with its last owner', () => {
    document.documentElement.setAttribute('lang', 'en');
    const markup = '<div lang="fr" dir="rtl"><p id="one">Un</p><p id="two" lang="fr">Deux</p></div><div lang="fr"><p id="three">Trois</p></div>';
    document.body.innerHTML = markup;
    const [one, two, three] = ['one', 'two', 'three'].map((id) => document.getElementById(id)!);
    const marks = createPageMarks(document, 'DE');
    const [first, second, third, fourth] = [{}, {}, {}, {}];
    marks.markBlock(first, one);
    marks.markBlock(second, one);
    marks.markBlock(third, two);
    marks.markBlock(fourth, three);
    expect(one.getAttribute('lang')).toBe('de');
    expect(one.getAttribute('dir')).toBe('ltr');
    expect(three.getAttribute('lang')).toBe('de');
    // One entry per attribute on each element, each owner once.
    expect(listOf(marks.records.byElement.get(one)).map((m) => [m.name, m.original, m.written, listOf(m.owners)])).toEqual([['lang', null, 'de', [first, second]], ['dir', null, 'ltr', [first, second]]]);
    expect(listOf(marks.records.byElement.get(two)).map((m) => [m.name, m.original, listOf(m.owners)])).toEqual([['lang', 'fr', [third]], ['dir', null, [third]]]);
    // The usual case holds no list at all: the element's one mark, with its one owner.
    const only = marks.records.byElement.get(three)!;
    expect(Array.isArray(only)).toBe(false);
    expect(only).toMatchObject({ name: 'lang', original: null, written: 'de', owners: fourth });
    expect(marks.records.owned.get(fourth)).toBe(only);
    marks.markBlock(first, one);
    expect(listOf(marks.records.owned.get(first))).toHaveLength(2);
    releaseMarks(marks.records, first);
    expect(one.getAttribute('lang')).toBe('de');
    releaseMarks(marks.records, second);
    expect(one.hasAttribute('lang') || one.hasAttribute('dir')).toBe(false);
    expect(marks.records.byElement.has(one)).toBe(false);
    expect(marks.any).toBe(true);
    restoreMarks(marks.records);
    expect(document.body.innerHTML).toBe(markup);
    expect(marks.any).toBe(false);
    expect(marks.records.owned.size).toBe(0);
    document.documentElement.removeAttribute('lang');
  });
});
