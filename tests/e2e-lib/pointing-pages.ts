// What the pointing suite (tests/e2e-both/pointing.e2e.ts) uses: where the saved pages are, and
// how a text sent to the server is told to belong to the navigation bar.
import { resolve } from 'node:path';

export const PAGES_DIR = process.env.GLOSSA_PAGES_DIR ?? resolve(__dirname, '../../../shared/pages');

/** In the page: the navigation bar's text and the rest of the page's, before translating. */
export function navAndRestInPage(): { nav: string; rest: string } {
  const norm = (s: string) => s.replace(/\s+/g, ' ');
  const clone = document.body.cloneNode(true) as HTMLElement;
  clone.querySelector('nav')?.remove();
  return { nav: norm(document.querySelector('nav')!.textContent!), rest: norm(clone.textContent!) };
}

/** A sent HTML block as plain text. */
export function plainOf(text: string): string {
  return text.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
}

/** Of the texts sent, those whose words only the navigation bar holds (a link of the same name elsewhere is not the nav's). */
export function navOnly(texts: string[], { nav, rest }: { nav: string; rest: string }): string[] {
  return texts.filter((t) => {
    const plain = plainOf(t);
    return plain.length > 0 && nav.includes(plain) && !rest.includes(plain);
  });
}

/** In the page: the article's text and its translatable attributes (a link's title, an image's alt). */
export function articleTextInPage(): string {
  const article = document.querySelector('article')!;
  const attributes = [...article.querySelectorAll('*')].flatMap((el) => ['title', 'alt', 'aria-label', 'placeholder'].map((n) => el.getAttribute(n) ?? ''));
  return [article.textContent!, ...attributes].join('\n').replace(/\s+/g, ' ');
}

/** In the page: how many pointed translations it shows. */
export function pointedCountInPage(): number {
  return document.querySelectorAll('glossa-translation[data-glossa-pointed]').length;
}
