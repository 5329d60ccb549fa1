// Sizes agreed between the content script and the background. The background's dispatcher is
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
