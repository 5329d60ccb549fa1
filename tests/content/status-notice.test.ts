import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStatusNotice } from '../../utils/content/status-notice';
import { exposedShadowRoot } from '../../utils/content/test-hooks';

const failed = { state: 'translated', total: 3, done: 1, failed: 2, billedCharacters: 10 } as const;

afterEach(() => {
  document.documentElement.querySelectorAll('glossa-notice').forEach((el) => el.remove());
});

describe('page notice', () => {
  it('lives in a closed shadow root: the page sees only the host, not the message or the buttons', () => {
    const retry = vi.fn();
    const notice = createStatusNotice({ retry, openOptions: vi.fn() });
    notice.update(failed);
    const host = document.querySelector('glossa-notice')!;
    expect(host).not.toBeNull();
    expect(host.shadowRoot).toBeNull();
    expect(host.textContent).toBe('');
    const root = exposedShadowRoot('notice')!;
    expect(root.host).toBe(host);
    expect(root.textContent).toContain('could not translate 2 parts');
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click();
    expect(retry).toHaveBeenCalledOnce();
  });

  it('is gone, for the page and the hook, once removed', () => {
    const notice = createStatusNotice({ retry: vi.fn(), openOptions: vi.fn() });
    notice.update(failed);
    notice.remove();
    expect(document.querySelector('glossa-notice')).toBeNull();
    expect(exposedShadowRoot('notice')).toBeNull();
  });
});
