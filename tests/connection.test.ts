import { describe, expect, it } from 'vitest';
import { checkServerAddress, describeAddressProblem, describeTestResult, originsCover, patternCovers, resolveConnection, siteOrigins } from '../utils/shared/connection';

const addresses = { paid: 'https://paid.example', free: 'https://free.example' };

describe('checkServerAddress', () => {
  it('accepts http and https addresses and drops trailing slashes', () => {
    expect(checkServerAddress(' https://api.example.com/ ')).toEqual({ ok: true, url: 'https://api.example.com' });
    expect(checkServerAddress('http://127.0.0.1:8787')).toEqual({ ok: true, url: 'http://127.0.0.1:8787' });
    expect(checkServerAddress('https://proxy.example/translate//')).toEqual({ ok: true, url: 'https://proxy.example/translate' });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['api.example.com', 'scheme'],
    ['localhost:8787', 'scheme'],
    ['ftp://files.example', 'scheme'],
    ['javascript://alert(1)', 'scheme'],
    ['https://exa mple.com', 'malformed'],
    ['https://', 'malformed'],
    ['http://[::1', 'malformed'],
    ['https://user:secret@api.example.com', 'credentials'],
    ['https://user@api.example.com', 'credentials'],
    ['https://@api.example.com', 'credentials'],
    ['https://api.example.com/?auth_key=x', 'query'],
    ['https://api.example.com/?', 'query'],
    ['https://api.example.com/#top', 'fragment'],
    ['https://api.example.com#', 'fragment'],
    ['https://api.example.com/v2', 'version-path'],
    ['https://api.example.com/v3/', 'version-path'],
  ])('rejects %j as %s', (input, problem) => {
    expect(checkServerAddress(input)).toEqual({ ok: false, problem });
  });

  it('refuses plain http to another machine: the key and page text would cross the network readable', () => {
    for (const input of ['http://api.example.com', 'http://10.0.0.2:9000', 'http://192.168.1.20/translate', 'http://[2001:db8::1]:8080']) {
      expect(checkServerAddress(input)).toEqual({ ok: false, problem: 'insecure' });
    }
    expect(describeAddressProblem('insecure')).toMatch(/https/);
  });

  it('allows plain http to this computer (loopback)', () => {
    for (const input of ['http://localhost:8787', 'http://127.0.0.1', 'http://127.8.9.10:1', 'http://[::1]:8787', 'http://glossa.localhost']) {
      expect(checkServerAddress(input).ok).toBe(true);
    }
  });

  it('does not mistake an @ in the path for credentials', () => {
    expect(checkServerAddress('https://Example.com/team@work')).toEqual({ ok: true, url: 'https://example.com/team@work' });
  });
});

describe('resolveConnection', () => {
  it('checks the key before anything else', () => {
    expect(resolveConnection({ apiKey: '  ', plan: 'custom', customUrl: 'nope' }, addresses)).toEqual({ ok: false, problem: 'empty-key' });
    expect(resolveConnection({ apiKey: 'ab cd', plan: 'paid', customUrl: '' }, addresses)).toEqual({ ok: false, problem: 'bad-key' });
    expect(resolveConnection({ apiKey: 'key\u2013with-dash', plan: 'paid', customUrl: '' }, addresses)).toEqual({ ok: false, problem: 'bad-key' });
    expect(resolveConnection({ apiKey: 'abc:fx', plan: 'paid', customUrl: '' }, addresses)).toMatchObject({ ok: true });
  });

  it('uses the plan address or the checked custom address', () => {
    expect(resolveConnection({ apiKey: 'k', plan: 'free', customUrl: 'ignored' }, addresses)).toEqual({ ok: true, baseUrl: 'https://free.example', apiKey: 'k' });
    expect(resolveConnection({ apiKey: 'k', plan: 'paid', customUrl: '' }, addresses)).toEqual({ ok: true, baseUrl: 'https://paid.example', apiKey: 'k' });
    expect(resolveConnection({ apiKey: ' k ', plan: 'custom', customUrl: 'https://10.0.0.2:9000/' }, addresses)).toEqual({ ok: true, baseUrl: 'https://10.0.0.2:9000', apiKey: 'k' });
    expect(resolveConnection({ apiKey: 'k', plan: 'custom', customUrl: 'http://10.0.0.2:9000/' }, addresses)).toEqual({ ok: false, problem: 'bad-address', addressProblem: 'insecure' });
    expect(resolveConnection({ apiKey: 'k', plan: 'custom', customUrl: 'http://h/?x' }, addresses)).toEqual({ ok: false, problem: 'bad-address', addressProblem: 'query' });
  });
});

describe('host permission patterns', () => {
  it('matches schemes, hosts and subdomains the way match patterns do', () => {
    expect(patternCovers('http://127.0.0.1/*', 'http://127.0.0.1:8787')).toBe(true);
    expect(patternCovers('https://127.0.0.1/*', 'http://127.0.0.1:8787')).toBe(false);
    expect(patternCovers('*://*/*', 'https://anything.example')).toBe(true);
    expect(patternCovers('*://*.example.com/*', 'https://api.example.com')).toBe(true);
    expect(patternCovers('*://*.example.com/*', 'https://example.com')).toBe(true);
    expect(patternCovers('*://*.example.com/*', 'https://badexample.com')).toBe(false);
    expect(patternCovers('https://api.example.com/*', 'https://api.example.com.evil.test')).toBe(false);
    expect(originsCover(['http://localhost/*', 'http://127.0.0.1/*'], 'http://localhost:3000')).toBe(true);
    expect(originsCover([], 'http://localhost:3000')).toBe(false);
  });

  it('finds the origins granted for one site only', () => {
    const granted = ['http://127.0.0.1/*', '*://news.example/*', 'https://news.example/*', '*://*/*', '*://other.example/*'];
    expect(siteOrigins(granted, 'news.example')).toEqual(['*://news.example/*', 'https://news.example/*']);
  });
});

describe('describeTestResult', () => {
  it('names the number of languages on success and the way out on failure', () => {
    expect(describeTestResult({ ok: true, baseUrl: 'http://127.0.0.1:8787', targetLanguages: 34 })).toBe('Connected: 34 target languages at 127.0.0.1:8787.');
    expect(describeTestResult({ ok: false, problem: 'auth', status: 403, baseUrl: 'http://h' })).toMatch(/rejected the API key \(HTTP 403\)/);
    expect(describeTestResult({ ok: false, problem: 'unreachable', baseUrl: 'http://127.0.0.1:9' })).toMatch(/Could not reach 127\.0\.0\.1:9/);
    expect(describeTestResult({ ok: false, problem: 'wrong-address', status: 404, baseUrl: 'http://h:1' })).toMatch(/no translation API at this address \(HTTP 404\)/);
    expect(describeTestResult({ ok: false, problem: 'empty-key' })).toMatch(/No request was sent/);
    expect(describeTestResult({ ok: false, problem: 'permission', baseUrl: 'https://x.example' })).toMatch(/may not contact x\.example/);
    expect(describeTestResult({ ok: false, problem: 'bad-address', addressProblem: 'credentials' })).toMatch(/user name and password/);
  });
});
