// What the selection popover shows, as data: the content glue (utils/content/selection) builds
// these and the popover components (components/popover) render them, so both import them from
// here and the components need nothing of the content glue.

/** Inline tags kept in a serialised selection (and the only ones a translation may bring back). */
export type InlineTag = 'a' | 'b' | 'strong' | 'i' | 'em' | 'u' | 's' | 'sub' | 'sup' | 'mark' | 'small';

export type SafeElement = { tag: InlineTag; href?: string; children: SafeNode[] } | { tag: 'br' };
export type SafeNode = string | SafeElement;

/** A translation rebuilt from an allow-list (utils/content/selection/sanitize.ts): safe to render. */
export interface SafeTranslation {
  nodes: SafeNode[];
  /** The translation as plain text (line breaks for br), for Copy and Replace. */
  text: string;
  /** Elements and attributes from the response that were not used as they came (for diagnostics and tests). */
  removed: number;
}

export type PopoverErrorKind =
  | 'no-key' | 'auth' | 'bad-address' | 'permission' | 'quota' | 'rate-limit' | 'network' | 'timeout' | 'server'
  | 'too-large' | 'bad-response' | 'not-found' | 'bad-request' | 'failed';

/** The way out the user has: open the options, try again, or nothing they can change. */
export type ErrorRemedy = 'options' | 'retry' | 'none';

export interface PopoverError {
  kind: PopoverErrorKind;
  message: string;
  remedy: ErrorRemedy;
}

/** Replace's result: written as the user's edit, or the field changed since the selection was taken. */
export type ReplaceOutcome = 'replaced' | 'changed';
