// The sentence of a translated block the reader selected in, and the original sentence beside
// it: when both texts have as many sentences, the one at the same place; otherwise the whole
// original (the translation joined or split sentences).

function sentencesOf(text: string, lang?: string): string[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (Segmenter) {
    return [...new Segmenter(lang, { granularity: 'sentence' }).segment(text)].map((s) => s.segment.trim()).filter(Boolean);
  }
  return text.split(/(?<=[.!?。！？])\s+/).map((s) => s.trim()).filter(Boolean);
}

interface AlignedSentences {
  original: string;
  translation: string;
}

/** The sentence pair holding `selected` (the first sentence of the translation that contains it). */
export function alignSentences(original: string, translation: string, selected: string, langs: { source?: string; target?: string } = {}): AlignedSentences {
  const source = sentencesOf(original, langs.source);
  const target = sentencesOf(translation, langs.target);
  const needle = selected.replace(/\s+/g, ' ').trim();
  const index = target.findIndex((s) => s.replace(/\s+/g, ' ').includes(needle));
  if (index >= 0 && source.length === target.length) return { original: source[index], translation: target[index] };
  return { original: original.trim(), translation: translation.trim() };
}
