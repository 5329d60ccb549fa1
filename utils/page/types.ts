// The page engine's public types: what it is given (a translate function, a batch limit, the
// job) and what it reports. The engine knows nothing of messaging or the API: error codes
// arrive as plain strings from the translate function and are only shown.
import type { ApiErrorCode } from '../shared/api-errors';
import type { BatchLimit } from '../shared/limits';
import type { BlockRequest, BlockResult, PageJobOptions, PageProgress } from '../shared/protocol';
import type { SiteScope } from '../shared/site-scope';
import type { DetectPageLanguage } from './language';
import type { Nearness, VisibilityFactory } from './visibility';

/** Blocks on screen go first, then those a screen away; those further ahead fill calls. */
export type Priority = Nearness;

export interface TranslateInfo {
  priority: Priority;
  /** Upper-case base code when Glossa is confident; absent to let the API detect. */
  sourceLang?: string;
}

export interface TranslateReply {
  results: BlockResult[];
  billedCharacters: number;
}

/** Translates blocks (results in the same order); rejects with an error carrying `code`. */
export type TranslateFn = (blocks: BlockRequest[], info: TranslateInfo) => Promise<TranslateReply>;

export type EngineState = 'translating' | 'translated' | 'original' | 'error';

export interface EngineProgress extends PageProgress {
  state: EngineState;
  errorCode?: ApiErrorCode;
}

export interface PageEngineOptions {
  translate: TranslateFn;
  /** What one translate call may carry at most (distinct blocks and their characters). */
  limit: BatchLimit;
  job: PageJobOptions;
  document?: Document;
  detectLanguage?: DetectPageLanguage;
  /** Decides when blocks are near the viewport (IntersectionObserver by default). */
  visibility?: VisibilityFactory;
  onProgress?: (progress: EngineProgress) => void;
  /** Translate calls in flight at once. */
  maxInFlight?: number;
  /** Loads the engine's extras (extras.ts) into this world, on first need. */
  loadExtras?: () => Promise<void>;
  /** Minimum time between progress reports. */
  progressIntervalMs?: number;
  /** The site's `Only translate` / `Never translate` rules. */
  scope?: SiteScope;
}

export interface PageEngine {
  /** Starts translating; resolves when the first collection pass is done. */
  start(): Promise<void>;
  /** Puts the page back exactly as it was and stops following it. */
  restore(): Promise<void>;
  /** Sends failed blocks again (and resumes after a quota or key error). */
  retryFailed(): void;
  /** Resolves when nothing is queued, in flight, being written or collected. */
  idle(): Promise<void>;
  progress(): EngineProgress;
  /** The original and the translation of the translated block holding `node` (a selection in the translated page). */
  blockTextsAt(node: Node): BlockTexts | undefined;
  /** Translates again, with the glossary as it is now, only the translated blocks whose original holds `phrase`. */
  retranslatePhrase(phrase: string, sourceLang?: string): Promise<RefreshOutcome>;
  /** Applies new scope rules at once: parts now left out get their original back, parts now in are translated. */
  setScope(scope: SiteScope | undefined): void;
}

/** What the term form shows of a block. */
export interface BlockTexts {
  /** The block's original text. */
  source: string;
  /** Its translation as the page shows it now. */
  translation: string;
  /** The language it was translated from, when known (decided by the page, or detected by the API). */
  sourceLang?: string;
}

export interface RefreshOutcome {
  /** Distinct blocks sent again. */
  blocks: number;
  billedCharacters: number;
}

/** The codes after which the engine stops asking (the background refuses anyway): shown, not enforced. */
export const STOPPING_CODES: ReadonlySet<string> = new Set(['quota', 'auth']);
