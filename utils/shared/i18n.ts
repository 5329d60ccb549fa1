// Every user-visible string goes through the browser's i18n with keys from locales/<lang>/*.json.
import { browser } from 'wxt/browser';

export function t(key: string, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key as never, substitutions) || key;
}
