// The original sentence of a translated block, where the reader picks the source phrase of a
// term: click (or Enter/Space on) a word to start, another word to extend the phrase to it,
// or select text with the mouse. Words are focusable, so it works by keyboard too.
import { useMemo, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';

interface Token {
  text: string;
  word: boolean;
  start: number;
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD_RE)) {
    if (m.index > last) tokens.push({ text: text.slice(last, m.index), word: false, start: last });
    tokens.push({ text: m[0], word: true, start: m.index });
    last = m.index + m[0].length;
  }
  if (last < text.length) tokens.push({ text: text.slice(last), word: false, start: last });
  return tokens;
}

interface OriginalWordsProps {
  text: string;
  lang?: string;
  onPick(phrase: string): void;
}

export function OriginalWords({ text, lang, onPick }: OriginalWordsProps) {
  const tokens = useMemo(() => tokenize(text), [text]);
  const [range, setRange] = useState<[number, number] | null>(null);

  const pick = (index: number) => {
    let next: [number, number];
    if (!range || (range[0] !== range[1] && index >= range[0] && index <= range[1])) next = [index, index];
    else next = [Math.min(range[0], index), Math.max(range[1], index)];
    setRange(next);
    const first = tokens[next[0]];
    const last = tokens[next[1]];
    onPick(text.slice(first.start, last.start + last.text.length));
  };

  const onMouseUp = (event: MouseEvent) => {
    const root = (event.currentTarget as Element).getRootNode() as ShadowRoot & { getSelection?: () => Selection | null };
    const selection = root.getSelection?.() ?? (event.currentTarget as Element).ownerDocument.getSelection();
    const picked = selection && !selection.isCollapsed ? selection.toString().replace(/\s+/g, ' ').trim() : '';
    if (picked && text.includes(picked)) {
      setRange(null);
      onPick(picked);
    }
  };

  return (
    <div class="term-original">
      <p class="term-caption" id="glossa-term-original-label">{t('termFixOriginalLabel')}</p>
      <p class="term-sentence" lang={lang} aria-labelledby="glossa-term-original-label" onMouseUp={onMouseUp}>
        {tokens.map((token, i) => (token.word
          ? (
            <span
              key={i}
              class={range && i >= range[0] && i <= range[1] ? 'word picked' : 'word'}
              role="button"
              tabIndex={0}
              aria-pressed={!!range && i >= range[0] && i <= range[1]}
              onClick={() => pick(i)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  pick(i);
                }
              }}
            >
              {token.text}
            </span>
          )
          : token.text))}
      </p>
      <p class="term-hint">{t('termFixOriginalHint')}</p>
    </div>
  );
}
