import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyBadge, badgeFor, BADGE_COLORS } from '@/utils/background/badge';
import { EMPTY_TAB_STATE, type TabState } from '@/utils/background/tab-state';

const job = { targetLang: 'EN-GB', sourceLang: '', formality: 'default' as const, modelType: 'latency_optimized' as const, bilingual: false };
const state = (over: Partial<TabState>): TabState => ({ ...EMPTY_TAB_STATE, job, ...over });

describe('badgeFor', () => {
  it('shows nothing on an untouched page', () => {
    expect(badgeFor(EMPTY_TAB_STATE)).toMatchObject({ text: '', title: 'Glossa: translate this page' });
  });

  it('shows progress in percent, blue, never 100% before the end', () => {
    expect(badgeFor(state({ phase: 'translating', total: 0 }))).toMatchObject({ text: '…', color: BADGE_COLORS.translating });
    expect(badgeFor(state({ phase: 'translating', total: 8, done: 3, failed: 1 })).text).toBe('50%');
    expect(badgeFor(state({ phase: 'translating', total: 1000, done: 999 })).text).toBe('99%');
    expect(badgeFor(state({ phase: 'translating', total: 40, done: 12 })).title).toBe('Glossa: translating… 12 of 40 blocks done');
  });

  it('says the server is busy while rate limited', () => {
    expect(badgeFor(state({ phase: 'translating', total: 4, done: 1, errorCode: 'rate-limit' })).title).toMatch(/busy, retrying/);
  });

  it('shows the target language in green when done, with the billed characters in the title', () => {
    const look = badgeFor(state({ phase: 'translated', total: 5, done: 5, billedCharacters: 321 }));
    expect(look).toMatchObject({ text: 'EN', color: BADGE_COLORS.translated });
    expect(look.title).toMatch(/translated to .*English.*321 characters billed/);
  });

  it('flags partly failed pages and errors, each with a title that says what happened', () => {
    expect(badgeFor(state({ phase: 'translated', total: 5, done: 3, failed: 2 }))).toMatchObject({ text: '!', color: BADGE_COLORS.partial });
    expect(badgeFor(state({ phase: 'error', errorCode: 'quota' }))).toMatchObject({ text: '!', color: BADGE_COLORS.error, title: expect.stringMatching(/quota is used up/) });
    expect(badgeFor(state({ phase: 'error', errorCode: 'auth' })).title).toMatch(/API key is missing or was rejected/);
    expect(badgeFor(state({ phase: 'error', errorCode: 'network' })).title).toMatch(/can’t be reached/);
    expect(badgeFor(state({ phase: 'error', errorCode: 'server' })).title).toMatch(/had a problem/);
  });

  it('marks never-translate sites and restricted pages in grey', () => {
    expect(badgeFor(state({ errorCode: 'never-site', url: 'https://news.example/a' }))).toMatchObject({ text: 'OFF', title: expect.stringContaining('news.example') });
    expect(badgeFor(state({ errorCode: 'restricted-page' }))).toMatchObject({ text: '×', color: BADGE_COLORS.muted });
  });
});

describe('applyBadge', () => {
  it('draws text, colour and title for that tab only', async () => {
    await applyBadge(7, state({ phase: 'error', errorCode: 'quota' }));
    expect(await fakeBrowser.action.getBadgeText({ tabId: 7 })).toBe('!');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: 7 })).toEqual([0xb9, 0x1c, 0x1c, 255]);
    expect(await fakeBrowser.action.getTitle({ tabId: 7 })).toMatch(/quota/);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 8 })).toBe('');
  });
});
