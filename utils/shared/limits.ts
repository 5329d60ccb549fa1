// Bounds on what one message may carry: pages and selections are untrusted input.

export const PAGE_LIMITS = {
  maxBlocks: 2_000,
  /** Characters of one block; larger blocks are split by packing, beyond this they are refused. */
  maxBlockChars: 512 * 1024,
  maxTotalChars: 4 * 1024 * 1024,
  /** The context (page title) is sent with every request: keep it short. */
  maxContextChars: 1_000,
};

/** Longest selection translated as plain text (characters). */
export const MAX_SELECTION_CHARS = 20_000;
/** Longest selection as HTML (tags included). */
export const MAX_SELECTION_HTML_CHARS = 60_000;
/** Longest surrounding paragraph sent as context. */
export const MAX_CONTEXT_CHARS = 4_000;
