import { describe, expect, it } from 'vitest';
import { hostnameOf, normaliseHostname, ruleFor, setSiteRule, withRule } from '@/utils/background/site-rules';
import { sitePermissionPattern } from '@/utils/shared/hosts';
import { siteRulesItem } from '@/utils/extension/settings-store';

describe('site rules', () => {
  it('take the hostname of web pages only', () => {
    expect(hostnameOf('https://News.Example.com:8443/a?b#c')).toBe('news.example.com');
    expect(hostnameOf('http://127.0.0.1:5173/')).toBe('127.0.0.1');
    expect(hostnameOf('chrome://settings')).toBe('');
    expect(hostnameOf('file:///tmp/a.html')).toBe('');
    expect(hostnameOf('not a url')).toBe('');
    expect(hostnameOf(undefined)).toBe('');
  });

  it('ask for a permission on exactly the page’s scheme and host', () => {
    expect(sitePermissionPattern('https://example.com:444/x')).toBe('https://example.com/*');
    expect(sitePermissionPattern('about:blank')).toBeUndefined();
  });

  it('put a site in one list at most, never wins', () => {
    let rules = withRule({ always: ['a.com'], never: [] }, 'a.com', 'never');
    expect(rules).toEqual({ always: [], never: ['a.com'] });
    rules = withRule(rules, 'a.com', 'none');
    expect(rules).toEqual({ always: [], never: [] });
    expect(ruleFor('b.com', { always: ['b.com'], never: ['b.com'] })).toBe('never');
    expect(ruleFor('', { always: [''], never: [] })).toBe('none');
  });

  it('accept hostnames only', () => {
    expect(normaliseHostname(' Example.COM ')).toBe('example.com');
    expect(normaliseHostname('[::1]')).toBe('[::1]');
    for (const bad of ['', 'a b', 'http://x.com', 'x.com/*', '.x.com', 42, null]) expect(normaliseHostname(bad)).toBeUndefined();
  });

  it('keep both of two quick changes', async () => {
    await Promise.all([setSiteRule('a.com', 'always'), setSiteRule('b.com', 'never'), setSiteRule('c.com', 'always')]);
    expect(await siteRulesItem.getValue()).toEqual({ always: ['a.com', 'c.com'], never: ['b.com'] });
  });
});
