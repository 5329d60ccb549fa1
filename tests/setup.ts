import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The fake browser has no i18n catalogue: serve the English locale files to getMessage.
const localeDir = resolve(__dirname, '../locales/en');
const english: Record<string, { message: string }> = {};
for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.json'))) {
  Object.assign(english, JSON.parse(readFileSync(resolve(localeDir, file), 'utf8')));
}

function getMessage(key: string, subs?: string | string[]): string {
  const entry = english[key];
  if (!entry) return '';
  const list = subs === undefined ? [] : Array.isArray(subs) ? subs : [subs];
  return entry.message.replace(/\$(\d)/g, (_, n) => list[Number(n) - 1] ?? '');
}

/** Hosts a test build may call: the local servers on 127.0.0.1 (as the e2e manifest grants). */
const GRANTED_ORIGINS = ['http://127.0.0.1/*'];

beforeEach(() => {
  fakeBrowser.reset();
  (fakeBrowser.i18n as { getMessage: typeof getMessage }).getMessage = getMessage;
  // The fake browser's permissions API throws; Glossa fails closed on that, so answer like a browser.
  Object.assign(fakeBrowser.permissions, {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((origin) => GRANTED_ORIGINS.includes(origin)),
  });
});
