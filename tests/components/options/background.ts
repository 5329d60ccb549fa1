// A stand-in background for options-page component tests: the real settings service on the
// fake browser's storage, reached as an extension page, with permissions and fetch faked.
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Glossary } from '../../../utils/shared/api-types';
import { registerSettingsService } from '../../../utils/background/settings-service';
import { answer, removeAllListeners } from '../../message-double';

export const ADDRESSES = { paid: 'http://127.0.0.1:8787', free: 'http://127.0.0.1:8788' };

export interface FakeBackground {
  fetch: ReturnType<typeof vi.fn>;
  permissions: {
    granted: string[];
    /** What the user answers when asked for a permission. */
    answer: boolean;
    request: ReturnType<typeof vi.fn>;
    remove: ReturnType<typeof vi.fn>;
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function covers(granted: string[], origin: string): boolean {
  return granted.includes(origin) || granted.includes('*://*/*');
}

export function startFakeBackground(options: { glossaries?: Glossary[]; fetch?: (url: string) => Response | Promise<Response> } = {}): FakeBackground {
  removeAllListeners();
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };
  // The fake passes an empty sender; the service only answers extension pages.
  fakeBrowser.runtime.sendMessage = (async (message: unknown) => (await fakeBrowser.runtime.onMessage.trigger(message, sender)).find((reply) => !!reply)) as never;

  const permissions: FakeBackground['permissions'] = {
    granted: ['http://127.0.0.1/*'],
    answer: true,
    request: vi.fn(async ({ origins }: { origins: string[] }) => {
      if (permissions.answer) permissions.granted.push(...origins);
      return permissions.answer;
    }),
    remove: vi.fn(async ({ origins }: { origins: string[] }) => {
      permissions.granted = permissions.granted.filter((o) => !origins.includes(o));
      return true;
    }),
  };
  const events = { addListener: () => undefined, removeListener: () => undefined, hasListener: () => false };
  Object.assign(fakeBrowser.permissions, {
    getAll: async () => ({ origins: [...permissions.granted], permissions: [] }),
    contains: async ({ origins }: { origins: string[] }) => origins.every((o) => covers(permissions.granted, o)),
    request: permissions.request,
    remove: permissions.remove,
    onAdded: events,
    onRemoved: events,
  });

  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (options.fetch) return options.fetch(url);
    return jsonResponse([{ language: 'DE', name: 'German', supports_formality: true }, { language: 'FR', name: 'French', supports_formality: true }]);
  });
  registerSettingsService({ fetch: fetch as unknown as typeof globalThis.fetch, addresses: ADDRESSES });
  answer('glossaryList', () => options.glossaries ?? []);
  return { fetch, permissions };
}
