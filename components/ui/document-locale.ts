// An extension page speaks the UI language: `lang` for fonts, hyphens and screen readers, and
// `dir` from the locale's own @@bidi_dir, so Arabic mirrors the whole page.
import { uiDirection, uiLocale } from '../../utils/shared/i18n';

export function applyUiLocale(root: HTMLElement = document.documentElement): void {
  root.lang = uiLocale();
  root.dir = uiDirection();
}
