// What the page script and the pointer (pointer.ts, loaded with the extras) exchange: types
// only, so that the extras' registry can name the pointer without importing its code.
import type { DataOf, PointingSetup } from '../../shared/protocol';
import type { SiteScope } from '../../shared/site-scope';
import type { LanguageDecision } from '../../page/language';
import type { PointingPlace } from '../../page/point';
import type { PointedTools, PointOutcome } from '../../page/pointed';

/** What the page script lends the pointer. */
export interface PointerWiring {
  /** Whether a page translation is shown (it has every paragraph already). */
  translating(): boolean;
  doc: Document;
  /** The user's choices for pointing on this page (asked of the background once). */
  setup(): Promise<PointingSetup>;
  /** The site's rules as last told (a new object each time they change). */
  scope(): SiteScope;
  /** The element right-clicked in the last minute, if any. */
  recentTarget(): Node | undefined;
  /** The page's language, decided as a page translation decides it. */
  decide(sourceLang: string): Promise<LanguageDecision>;
  /** The engine's walk, answer check and language marks, finding blocks where `place` says. */
  tools(place: () => PointingPlace): PointedTools;
}

export interface Pointer {
  /** Shows (or, with `hide`, toggles) the block holding `node`; a page translation shown already has it. */
  point(node: Node, hide: boolean): Promise<PointOutcome>;
  /** The context menu's or the command's `Translate this paragraph`. */
  pointAt(order: DataOf<'pointAt'>): Promise<{ found: boolean }>;
  /** The context menu's `Never translate this part`. */
  pickExclusion(order: DataOf<'pickExclusion'>): { shown: boolean };
  /** Hides what was translated block by block (a page translation is starting). */
  clear(): void;
}
