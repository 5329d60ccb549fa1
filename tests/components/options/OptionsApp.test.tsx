import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsApp } from '../../../components/options/OptionsApp';
import { connectionItem, defaultGlossariesItem, defaultsItem, siteRulesItem } from '../../../utils/extension/settings-store';
import { usageItem, monthKey } from '../../../utils/background/translation/usage';
import { defaultCache } from '../../../utils/background/translation/cache';
import { jsonResponse, startFakeBackground } from './background';

afterEach(cleanup);

async function renderPage(welcome = false) {
  render(<OptionsApp welcome={welcome} />);
  return (await screen.findByLabelText('API key')) as HTMLInputElement;
}

function select(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('connection', () => {
  it('shows the saved key masked, and shows it on request', async () => {
    startFakeBackground();
    await connectionItem.setValue({ apiKey: 'secret-key', plan: 'paid', customUrl: '' });
    const key = await renderPage();
    expect(key.value).toBe('secret-key');
    expect(key.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(key.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Plan') as HTMLSelectElement).value).toBe('paid');
    expect(screen.queryByLabelText('Server address')).toBeNull();
  });

  it('refuses a malformed custom address with a clear message: nothing saved, no permission asked', async () => {
    const bg = startFakeBackground();
    await renderPage();
    type('API key', 'k1');
    select('Plan', 'custom');
    type('Server address', 'https://user:pw@api.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Remove the user name and password/, { selector: '.g-field-error' })).toBeTruthy();
    expect(screen.getByLabelText('Server address').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Server address'));
    expect(bg.permissions.request).not.toHaveBeenCalled();
    expect((await connectionItem.getValue()).apiKey).toBe('');

    type('Server address', 'api.example.com');
    fireEvent.blur(screen.getByLabelText('Server address'));
    expect(await screen.findByText('The server address must start with https:// or http://.')).toBeTruthy();
  });

  it('refuses plain http to another computer, naming the risk; loopback over http is saved', async () => {
    const bg = startFakeBackground();
    await renderPage();
    type('API key', 'k1');
    select('Plan', 'custom');
    type('Server address', 'http://translate.example.net');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/your API key and the text of every page you translate would cross the network unencrypted/, { selector: '.g-field-error' })).toBeTruthy();
    expect(screen.getByLabelText('Server address').getAttribute('aria-invalid')).toBe('true');
    expect(bg.permissions.request).not.toHaveBeenCalled();
    expect((await connectionItem.getValue()).customUrl).toBe('');

    type('Server address', 'http://127.0.0.1:9000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await connectionItem.getValue()).customUrl).toBe('http://127.0.0.1:9000'));
  });

  it('asks for the custom address’s host permission when saving, and keeps the form when refused', async () => {
    const bg = startFakeBackground();
    bg.permissions.answer = false;
    await renderPage();
    type('API key', 'k1');
    select('Plan', 'custom');
    type('Server address', 'https://api.example.com/');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/permission to contact api\.example\.com was refused/)).toBeTruthy();
    expect(bg.permissions.request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    expect(await connectionItem.getValue()).toEqual({ apiKey: '', plan: 'paid', customUrl: '' });
    expect((screen.getByLabelText('Server address') as HTMLInputElement).value).toBe('https://api.example.com/');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    bg.permissions.answer = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(await connectionItem.getValue()).toEqual({ apiKey: 'k1', plan: 'custom', customUrl: 'https://api.example.com' });
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('does not ask again for an address it may already reach', async () => {
    const bg = startFakeBackground();
    await renderPage();
    type('API key', 'k1');
    select('Plan', 'custom');
    type('Server address', 'http://127.0.0.1:9999');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(bg.permissions.request).not.toHaveBeenCalled();
  });

  it('tests the connection and reports the number of target languages', async () => {
    const bg = startFakeBackground();
    await renderPage();
    type('API key', 'good');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: 2 target languages at 127.0.0.1:8787.')).toBeTruthy();
    expect(bg.fetch).toHaveBeenCalledTimes(1);
    expect(String(bg.fetch.mock.calls[0][0])).toBe('http://127.0.0.1:8787/v2/languages?type=target');
  });

  it('names a rejected key and a wrong address', async () => {
    startFakeBackground({ fetch: (url) => (url.startsWith('http://127.0.0.1:8787') ? jsonResponse({ message: 'Wrong key' }, 403) : new Response('<h1>Not found</h1>', { status: 404 })) });
    await renderPage();
    type('API key', 'bad');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/The server rejected the API key \(HTTP 403\)/)).toBeTruthy();
    select('Plan', 'custom');
    type('Server address', 'http://127.0.0.1:8000/api');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/127\.0\.0\.1:8000 answered, but has no translation API at this address \(HTTP 404\)/)).toBeTruthy();
  });

  it('says so when the key is empty, without a request', async () => {
    const bg = startFakeBackground();
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Enter your API key first. No request was sent.')).toBeTruthy();
    expect(bg.fetch).not.toHaveBeenCalled();
  });

  it('reports a custom address without permission, without a request', async () => {
    const bg = startFakeBackground();
    await renderPage();
    type('API key', 'k');
    select('Plan', 'custom');
    type('Server address', 'https://elsewhere.example');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Glossa may not contact elsewhere\.example yet/)).toBeTruthy();
    expect(bg.fetch).not.toHaveBeenCalled();
  });
});

describe('defaults', () => {
  it('saves target language, formality, model and bilingual display', async () => {
    startFakeBackground();
    await connectionItem.setValue({ apiKey: 'k', plan: 'paid', customUrl: '' });
    await renderPage();
    // The live list from the (fake) API replaces the built-in one.
    await waitFor(() => expect(screen.getByLabelText('Target language').querySelectorAll('option')).toHaveLength(3));
    select('Target language', 'FR');
    select('Formality', 'prefer_less');
    select('Model', 'prefer_quality_optimized');
    fireEvent.click(screen.getByLabelText('Bilingual display'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(await defaultsItem.getValue()).toEqual({ targetLang: 'FR', sourceLang: '', formality: 'prefer_less', modelType: 'prefer_quality_optimized', bilingual: true });
  });

  it('warns before leaving with unsaved changes, and not after saving', async () => {
    startFakeBackground();
    await renderPage();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    select('Formality', 'prefer_more');
    expect(leave()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved/);
    await waitFor(() => expect(leave()).toBe(false));
  });

  it('keeps the quality model to the paid plan', async () => {
    startFakeBackground();
    await connectionItem.setValue({ apiKey: 'k', plan: 'paid', customUrl: '' });
    await defaultsItem.setValue({ targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'quality_optimized', bilingual: false });
    await renderPage();
    select('Plan', 'free');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/The quality model works only with the paid plan/)).length).toBeGreaterThan(0);
    expect((await connectionItem.getValue()).plan).toBe('paid');
    select('Model', 'prefer_quality_optimized');
    const quality = within(screen.getByLabelText('Model')).getByText('Quality (paid plan only)') as HTMLOptionElement;
    expect(quality.disabled).toBe(true);
  });

  it('flags strict formality for a target without formality', async () => {
    startFakeBackground();
    await defaultsItem.setValue({ targetLang: 'EN-GB', sourceLang: '', formality: 'more', modelType: 'latency_optimized', bilingual: false });
    await renderPage();
    expect(screen.getByText(/has no formality setting, so strict/)).toBeTruthy();
  });
});

describe('default glossaries', () => {
  const glossaries = [
    { glossary_id: 'g1', name: 'Product terms', creation_time: '2026-01-01T00:00:00.000Z', dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 12 }] },
    { glossary_id: 'g2', name: 'Legal', creation_time: '2026-01-02T00:00:00.000Z', dictionaries: [{ source_lang: 'en', target_lang: 'fr', entry_count: 3 }, { source_lang: 'en', target_lang: 'de', entry_count: 5 }] },
  ];

  it('offers only glossaries with the chosen pair and saves the choice', async () => {
    startFakeBackground({ glossaries });
    await connectionItem.setValue({ apiKey: 'k', plan: 'paid', customUrl: '' });
    await renderPage();
    const pair = (await screen.findByLabelText('Translation direction')) as HTMLSelectElement;
    fireEvent.change(pair, { target: { value: 'en>fr' } });
    const glossarySelect = screen.getByLabelText('Default glossary for this pair');
    expect([...glossarySelect.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['None', 'Legal (3 entries)']);
    fireEvent.change(pair, { target: { value: 'en>de' } });
    expect([...glossarySelect.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['None', 'Product terms (12 entries)', 'Legal (5 entries)']);
    fireEvent.change(glossarySelect, { target: { value: 'g1' } });
    expect(await screen.findByText('Default glossary for English → German saved.')).toBeTruthy();
    expect(await defaultGlossariesItem.getValue()).toEqual({ 'en>de': 'g1' });
    expect(screen.getByText('Product terms', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove default glossary for English → German' }));
    expect(await screen.findByText('English → German no longer has a default glossary.')).toBeTruthy();
    expect(await defaultGlossariesItem.getValue()).toEqual({});
    expect(document.activeElement).toBe(pair);
  });

  it('asks for a key before listing glossaries', async () => {
    startFakeBackground({ glossaries });
    await renderPage();
    expect(await screen.findByText('Save an API key to choose glossaries.')).toBeTruthy();
  });
});

describe('site rules, cache and usage', () => {
  it('removes a site rule and gives up the site’s permission', async () => {
    const bg = startFakeBackground();
    bg.permissions.granted.push('*://news.example/*');
    await siteRulesItem.setValue({ always: ['news.example', 'blog.example'], never: ['bank.example'] });
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Remove news.example' }));
    expect(await screen.findByText('news.example removed, and Glossa no longer has access to it.')).toBeTruthy();
    expect(await siteRulesItem.getValue()).toEqual({ always: ['blog.example'], never: ['bank.example'] });
    expect(bg.permissions.remove).toHaveBeenCalledWith({ origins: ['*://news.example/*'] });
    expect(screen.queryByRole('button', { name: 'Remove news.example' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove bank.example' }));
    expect(await screen.findByText('bank.example removed.')).toBeTruthy();
    expect((await siteRulesItem.getValue()).never).toEqual([]);
  });

  it('shows rules added elsewhere (the popup) without a reload', async () => {
    startFakeBackground();
    await renderPage();
    expect(screen.getAllByText('No sites.')).toHaveLength(2);
    await siteRulesItem.setValue({ always: ['fresh.example'], never: [] });
    expect(await screen.findByRole('button', { name: 'Remove fresh.example' })).toBeTruthy();
  });

  it('shows the cache size and clears it after confirmation', async () => {
    startFakeBackground();
    await defaultCache().setMany([['k1', { text: 'Hallo', detectedSourceLang: 'EN' }], ['k2', { text: 'Welt', detectedSourceLang: 'EN' }]]);
    await renderPage();
    await screen.findByText(/^2 translations stored \(\d+ bytes\)\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
    const confirm = screen.getByRole('button', { name: 'Clear the cache' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Cache cleared.')).toBeTruthy();
    expect((await defaultCache().stats()).entries).toBe(0);
    expect(screen.getByText(/^0 translations stored/)).toBeTruthy();
  });

  it('shows this month’s billed characters per site', async () => {
    startFakeBackground();
    await usageItem.setValue({ [monthKey()]: { total: 1500, sites: { 'a.example': 500, 'b.example': 1000 } } });
    await renderPage();
    expect(await screen.findByText('1,500')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['b.example1,000', 'a.example500']);
  });
});

describe('welcome', () => {
  it('greets a new user with the first steps and can be hidden', async () => {
    startFakeBackground();
    await renderPage(true);
    const heading = screen.getByRole('heading', { name: 'Welcome to Glossa' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Enter your API key.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter my key' }));
    expect(document.activeElement).toBe(screen.getByLabelText('API key'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide this welcome' }));
    expect(screen.queryByRole('heading', { name: 'Welcome to Glossa' })).toBeNull();
  });

  it('has no welcome otherwise', async () => {
    startFakeBackground();
    await renderPage(false);
    expect(screen.queryByRole('heading', { name: 'Welcome to Glossa' })).toBeNull();
  });
});
