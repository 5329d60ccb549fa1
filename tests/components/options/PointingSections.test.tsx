import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteScopeSection } from '../../../components/options/SiteScopeSection';
import { HoverSection } from '../../../components/options/HoverSection';
import { hoverItem, siteScopesItem } from '../../../utils/extension/pointing-store';
import { siteScopesFile } from '../../../utils/shared/site-scope-schema';

afterEach(cleanup);

function importFile(text: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([text], 'rules.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('What a site translates', () => {
  it('refuses an invalid selector at its field with the reason, and saves valid ones', async () => {
    await siteScopesItem.setValue({ 'news.example': { only: [], never: ['nav'] } });
    render(<SiteScopeSection site="" />);
    const only = (await screen.findByLabelText(/^Only translate/)) as HTMLTextAreaElement;
    fireEvent.input(only, { target: { value: 'article\ndiv[' } });
    expect(only.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Line 2: /).textContent).toMatch(/div\[/);
    const save = screen.getByRole('button', { name: 'Save rules for news.example' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.input(only, { target: { value: 'article\n\n  main  ' } });
    expect(only.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(save);
    await waitFor(async () => expect(await siteScopesItem.getValue()).toEqual({ 'news.example': { only: ['article', 'main'], never: ['nav'] } }));
  });

  it('imports a file after checking all of it: merge keeps the rules, replace swaps them, a bad selector stores nothing', async () => {
    await siteScopesItem.setValue({ 'a.example': { only: [], never: ['nav'] } });
    render(<SiteScopeSection site="" />);
    await screen.findByText('a.example');
    importFile(siteScopesFile({ 'b.example': { only: ['article'], never: [] }, 'a.example': { only: [], never: ['footer'] } }));
    await waitFor(async () => expect(await siteScopesItem.getValue()).toEqual({
      'a.example': { only: [], never: ['nav', 'footer'] },
      'b.example': { only: ['article'], never: [] },
    }));
    importFile(JSON.stringify({ glossaSiteRules: 1, sites: { 'c.example': { never: ['p:::x'] } } }));
    expect(await screen.findByText(/cannot be imported: c\.example: p:::x/)).toBeTruthy();
    importFile(JSON.stringify({ glossaSiteRules: 1, sites: { 'not a host': { never: ['nav'] } } }));
    expect(await screen.findByText(/cannot be imported: .*not a host name/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Replace these rules'));
    importFile(siteScopesFile({ 'c.example': { only: [], never: ['aside'] } }));
    await waitFor(async () => expect(await siteScopesItem.getValue()).toEqual({ 'c.example': { only: [], never: ['aside'] } }));
  });
});

describe('Hover translation', () => {
  it('asks for the chosen site\'s access when turned on, and gives it back when turned off', async () => {
    const request = vi.fn(async () => true);
    const remove = vi.fn(async () => true);
    Object.assign(fakeBrowser.permissions, { request, remove });
    render(<HoverSection site="news.example" />);
    const box = (await screen.findByLabelText('Hover translation')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(async () => expect((await hoverItem.getValue()).enabled).toBe(true));
    expect(request).toHaveBeenCalledWith({ origins: ['*://news.example/*'] });
    expect(await hoverItem.getValue()).toEqual({ enabled: true, modifier: 'Alt', sites: ['news.example'] });
    fireEvent.click(box);
    await waitFor(async () => expect(remove).toHaveBeenCalledWith({ origins: ['*://news.example/*'] }));
    expect((await hoverItem.getValue()).enabled).toBe(false);
  });

  it('stays off when the user refuses the access', async () => {
    Object.assign(fakeBrowser.permissions, { request: vi.fn(async () => false) });
    render(<HoverSection site="" />);
    fireEvent.click(await screen.findByLabelText('Hover translation'));
    expect(await screen.findByText(/needs access to the sites/)).toBeTruthy();
    expect((await hoverItem.getValue()).enabled).toBe(false);
  });
});
