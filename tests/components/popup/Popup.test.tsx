import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Popup } from '@/components/popup/Popup';
import type { Glossary } from '@/utils/shared/api-types';
import { registerTabControl } from '@/utils/background/tab-control';
import { updateTabState } from '@/utils/background/tab-state';
import { noteSpent, spendingLimitsItem } from '@/utils/background/translation/spending';
import type { PageJobOptions } from '@/utils/shared/protocol';
import { answer, removeAllListeners } from '../../message-double';
import { connectionItem, defaultGlossariesItem, defaultsItem, popupChoicesItem, siteRulesItem } from '@/utils/extension/settings-store';
import { installFakeContent, type FakeContent } from '../../background/fake-tabs';

const GLOSSARIES: Glossary[] = [
  { glossary_id: 'g-shop', name: 'Shop terms', creation_time: '2026-01-01T00:00:00.000Z', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 12 }, { source_lang: 'fr', target_lang: 'de', entry_count: 3 }] },
  { glossary_id: 'g-law', name: 'Legal', creation_time: '2026-01-01T00:00:00.000Z', dictionaries: [{ source_lang: 'en', target_lang: 'ja', entry_count: 5 }] },
];

let fake: FakeContent;
let tabId: number;
const languagesAsked = vi.fn();

beforeEach(async () => {
  removeAllListeners();
  fake = installFakeContent();
  // The popup is an extension page: deliver its messages with that sender, to the real tab control.
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
  fakeBrowser.runtime.sendMessage = (async (message: unknown) => (await fakeBrowser.runtime.onMessage.trigger(message, sender)).find(Boolean)) as never;
  (fakeBrowser.runtime as unknown as { openOptionsPage: unknown }).openOptionsPage = vi.fn(async () => undefined);
  registerTabControl();
  languagesAsked.mockReset();
  answer('languages', ({ data }) => {
    languagesAsked(data.type);
    return data.type === 'target'
      ? { languages: [{ language: 'DE', name: 'German', supports_formality: true }, { language: 'JA', name: 'Japanese', supports_formality: true }, { language: 'EN-US', name: 'English (American)', supports_formality: false }], source: 'api' as const }
      : { languages: [{ language: 'EN', name: 'English' }, { language: 'FR', name: 'French' }, { language: 'DE', name: 'German' }], source: 'api' as const };
  });
  answer('glossaryList', () => GLOSSARIES);
  await connectionItem.setValue({ apiKey: 'k', plan: 'paid', customUrl: '' });
  await defaultsItem.setValue({ targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false });
  tabId = (await fakeBrowser.tabs.create({ url: 'https://news.example/article' })).id!;
});

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const choose = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('popup', () => {
  it('paints its controls at once, before any answer arrives', () => {
    removeAllListeners(); // nobody answers
    render(<Popup tabId={tabId} />);
    expect(field('Target language')).toBeTruthy();
    expect(field('Source language').value).toBe('');
    expect(field('Glossary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Translate page' })).toBeTruthy();
  });

  it('translates the page with the chosen options, then offers the original', async () => {
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(field('Target language').value).toBe('DE'));
    choose('Formality', 'prefer_less');
    fireEvent.click(screen.getByLabelText('Show original and translation together'));
    await waitFor(() => expect(screen.getByText('Rules for news.example')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Translate page' }));

    await waitFor(() => expect(fake.received).toHaveLength(1));
    expect(fake.received[0]).toMatchObject({ tabId, type: 'startTranslation', data: { targetLang: 'DE', sourceLang: '', formality: 'prefer_less', bilingual: true } });
    expect(await screen.findByRole('button', { name: 'Show original' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show original' }));
    await waitFor(() => expect(fake.received.map((m) => m.type)).toEqual(['startTranslation', 'showOriginal']));
    expect(await screen.findByRole('button', { name: 'Translate page' })).toBeTruthy();
  });

  it('shows progress and billed characters live', async () => {
    render(<Popup tabId={tabId} />);
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translating', total: 40, done: 12, billedCharacters: 1234 }));
    expect(await screen.findByText('12 of 40 blocks translated')).toBeTruthy();
    expect(screen.getByText(/1,234 characters billed/)).toBeTruthy();
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(12);
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translated', done: 40, billedCharacters: 4000 }));
    expect(await screen.findByText('40 of 40 blocks translated')).toBeTruthy();
  });

  it('says so when the page is already in the target language', async () => {
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translated', total: 0, done: 0 }));
    render(<Popup tabId={tabId} />);
    expect(await screen.findByText('Nothing to translate: the page is already in this language.')).toBeTruthy();
    expect(screen.queryByText(/0 of 0/)).toBeNull();
  });

  it('offers formality only for targets that support it', async () => {
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(languagesAsked).toHaveBeenCalledWith('target'));
    expect(screen.queryByLabelText('Formality')).not.toBeNull();
    choose('Target language', 'EN-US');
    await waitFor(() => expect(screen.queryByLabelText('Formality')).toBeNull());
  });

  it('lists only glossaries for the pair; picking one fixes the source language', async () => {
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(field('Glossary').options.length).toBe(3));
    const names = [...field('Glossary').options].map((o) => o.textContent);
    expect(names).toEqual(['None', 'Shop terms (from English)', 'Shop terms (from French)']);
    choose('Glossary', 'g-shop|FR');
    await waitFor(() => expect(field('Source language').value).toBe('FR'));
    expect(field('Glossary').value).toBe('g-shop|FR');

    choose('Target language', 'JA');
    // Legal is EN→JA: with French fixed there is no glossary for the pair.
    await waitFor(() => expect(field('Glossary').value).toBe(''));
    choose('Source language', 'EN');
    await waitFor(() => expect([...field('Glossary').options].map((o) => o.textContent)).toEqual(['None', 'Legal']));

    fireEvent.click(screen.getByRole('button', { name: 'Translate page' }));
    await waitFor(() => expect(fake.received).toHaveLength(1));
    expect((fake.received[0].data as PageJobOptions).glossaryId).toBeUndefined();
  });

  it('uses the default glossary of the pair', async () => {
    await defaultsItem.setValue({ targetLang: 'DE', sourceLang: 'EN', formality: 'default', modelType: 'latency_optimized', bilingual: false });
    await defaultGlossariesItem.setValue({ 'en>de': 'g-shop' });
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(field('Glossary').value).toBe('g-shop|EN'));
  });

  it('remembers the last choices', async () => {
    const first = render(<Popup tabId={tabId} />);
    await waitFor(() => expect(field('Target language').value).toBe('DE'));
    choose('Target language', 'JA');
    choose('Model', 'prefer_quality_optimized');
    await waitFor(async () => expect((await popupChoicesItem.getValue())?.job).toMatchObject({ targetLang: 'JA', modelType: 'prefer_quality_optimized' }));
    first.unmount();
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(field('Target language').value).toBe('JA'));
    expect(field('Model').value).toBe('prefer_quality_optimized');
  });

  it('offers the quality model on the paid plan only', async () => {
    await connectionItem.setValue({ apiKey: 'k', plan: 'free', customUrl: '' });
    render(<Popup tabId={tabId} />);
    const quality = await screen.findByRole('option', { name: 'Quality (paid plan only)' });
    expect((quality as HTMLOptionElement).disabled).toBe(true);
  });

  it('sends a user without a key to the options', async () => {
    await connectionItem.setValue({ apiKey: '', plan: 'paid', customUrl: '' });
    render(<Popup tabId={tabId} />);
    expect(await screen.findByText('Add your API key in the options to start translating.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Translate page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Open options' }).at(-1)!);
    expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalled();
  });

  it.each([
    ['auth', /rejected your API key/, ['Open options']],
    ['quota', /quota is used up/, []],
    ['network', /can’t reach the translation server/, ['Try again', 'Open options']],
    ['rate-limit', /kept refusing requests/, ['Try again']],
  ] as const)('explains a %s error with the way out', async (code, text, actions) => {
    await updateTabState(tabId, (s) => ({ ...s, phase: 'error', errorCode: code, total: 10, done: 0, failed: 10 }));
    render(<Popup tabId={tabId} />);
    const notice = (await screen.findByText(text)).closest('.notice') as HTMLElement;
    expect(notice.getAttribute('role')).toBe('alert');
    expect([...notice.querySelectorAll('button')].map((b) => b.textContent)).toEqual(actions);
  });

  it('says the server is busy while it retries', async () => {
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translating', errorCode: 'rate-limit', total: 10, done: 3 }));
    render(<Popup tabId={tabId} />);
    expect(await screen.findByText(/Glossa is retrying on its own/)).toBeTruthy();
  });

  it('retries failed blocks', async () => {
    fake.present.add(`${tabId}:0`);
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translated', total: 10, done: 7, failed: 3 }));
    render(<Popup tabId={tabId} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.received.map((m) => m.type)).toEqual(['retryFailed']));
  });

  it('asks for the site’s permission when "Always translate" is turned on, then translates', async () => {
    render(<Popup tabId={tabId} />);
    const always = await screen.findByLabelText('Always translate this site');
    await waitFor(() => expect(screen.getByText('Rules for news.example')).toBeTruthy());
    fireEvent.click(always);
    expect(fakeBrowser.permissions.request).toHaveBeenCalledWith({ origins: ['*://news.example/*'] });
    await waitFor(async () => expect(await siteRulesItem.getValue()).toEqual({ always: ['news.example'], never: [] }));
    await waitFor(() => expect(fake.received.map((m) => m.type)).toEqual(['startTranslation']));
    expect((screen.getByLabelText('Always translate this site') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps "Always translate" off when the permission is refused', async () => {
    (fakeBrowser.permissions as unknown as { request: unknown }).request = vi.fn(async () => false);
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(screen.getByText('Rules for news.example')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Always translate this site'));
    expect(await screen.findByText(/needs permission to run on news.example/)).toBeTruthy();
    expect((await siteRulesItem.getValue()).always).toEqual([]);
    expect((screen.getByLabelText('Always translate this site') as HTMLInputElement).checked).toBe(false);
  });

  it('on a never-translate site, says so and does not offer to translate', async () => {
    render(<Popup tabId={tabId} />);
    await waitFor(() => expect(screen.getByText('Rules for news.example')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Never translate this site'));
    expect(await screen.findByText(/news.example is set to never translate/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Translate page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await siteRulesItem.getValue()).toEqual({ always: [], never: ['news.example'] });
  });

  it('explains browser pages', async () => {
    const settings = (await fakeBrowser.tabs.create({ url: 'chrome://settings/' })).id!;
    render(<Popup tabId={settings} />);
    expect(await screen.findByText(/can’t translate this page/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Translate page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Always translate this site') as HTMLInputElement).disabled).toBe(true);
  });

  it('asks before going on when the site used its hourly allowance, and goes on when told', async () => {
    fake.present.add(`${tabId}:0`);
    await spendingLimitsItem.setValue({ siteHourCeiling: 50_000, monthlyBudget: 0 });
    await noteSpent({ billed: 0, site: 'news.example', tabId }, 51_200);
    await updateTabState(tabId, (s) => ({ ...s, phase: 'translated', url: 'https://news.example/article', spend: { paused: 'site-hour' } }));
    render(<Popup tabId={tabId} />);
    expect(await screen.findByText(/This site has used 51,200 characters in the last hour/)).toBeTruthy();
    expect(screen.getByText('This site in the last hour: 51,200 of 50,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep translating' }));
    await waitFor(() => expect(fake.received.map((m) => m.type)).toEqual(['retryFailed']));
    expect(await screen.findByText('This site in the last hour: 51,200 of 101,200 characters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keep translating' })).toBeNull();
  });

  it('offers no site rules for a tab in a private window, and says what it keeps', async () => {
    const get = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id: number) => ({ ...(await get(id)), incognito: true }));
    render(<Popup tabId={tabId} />);
    expect(await screen.findByText(/Private window: Glossa keeps no translations/)).toBeTruthy();
    expect(screen.queryByText('Rules for news.example')).toBeNull();
    expect(screen.queryByLabelText('Always translate this site')).toBeNull();
  });
});
