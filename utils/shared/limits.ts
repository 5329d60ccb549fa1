// Sizes agreed between the content script and the background, also the bounds on what one
// message may carry (pages and selections are untrusted input). The background's dispatcher is
// the only packer of API requests (it splits oversized blocks on arrival); these limits only
// bound one message from the page engine, so a message never carries more than the
// dispatcher can put in about one request at once.

export interface BatchLimit {
  /** Distinct blocks in one translate message (one API request holds 50 texts). */
  blocks: number;
  /** Characters of those blocks together (one API request holds 128 KiB of JSON). */
  characters: number;
}

/** One page-engine message: one API request's worth of texts, with room for escaping. */
export const PAGE_BATCH_LIMIT: BatchLimit = { blocks: 50, characters: 120_000 };

/** What one translate message from a page may carry: exactly what the engine sends (PAGE_BATCH_LIMIT). */
export const PAGE_LIMITS = {
  /** Distinct blocks of one batch (the engine sends twins once). */
  maxBlocks: PAGE_BATCH_LIMIT.blocks,
  /** Characters of one block; a block larger than a batch travels alone, beyond this it is refused. */
  maxBlockChars: 512 * 1024,
  /** Characters of a message of several blocks. */
  maxTotalChars: PAGE_BATCH_LIMIT.characters,
};

/** Longest selection translated as plain text (characters). */
export const MAX_SELECTION_CHARS = 20_000;
/** Longest selection as HTML (tags included). */
export const MAX_SELECTION_HTML_CHARS = 60_000;
/** Longest surrounding paragraph sent as context. */
export const MAX_CONTEXT_CHARS = 4_000;
