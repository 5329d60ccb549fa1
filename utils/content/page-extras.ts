// What the page's content script loads only on first need, so every translated page carries
// less: the page notice and what acts when the user points at a paragraph (content side,
// registered here) and the engine's extras (utils/page/extras.ts). The background injects
// page-extras.js into the asking frame; until then the notice is a stand-in that loads the real
// one the first time there is something to say.
import { sendMessage } from '../shared/protocol';
import { worldSlot } from '../shared/world-slot';
import type { EngineProgress } from '../page/engine';
import type { createStatusNotice, StatusNotice, StatusNoticeActions } from './status-notice';
import type { Pointer, PointerWiring } from './pointing/pointer-types';


interface ContentExtras {
  createStatusNotice: typeof createStatusNotice;
  /** pointing/pointer.ts: what acts on a point (typed by shape: that module imports start-page-engine.ts, which imports this one). */
  createPointer?: (wiring: PointerWiring) => Pointer;
}
const slot = worldSlot<ContentExtras>('glossa.content-extras');

export const provideContentExtras = slot.provide;

/** The content extras, once loaded in this world. */
export const contentExtras = slot.get;

let loading: Promise<void> | undefined;

/** Asks the background once to inject the extras into this frame; resolves once they are registered. */
export function loadPageExtras(): Promise<void> {
  loading ??= sendMessage('loadPageExtras', {}).catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Whether the page notice has anything to say (status-notice.ts shows exactly these cases). */
export function noticeNeeded(progress: EngineProgress): boolean {
  if (progress.state === 'error' && (progress.errorCode === 'quota' || progress.errorCode === 'auth')) return true;
  return progress.failed > 0 && progress.state !== 'translating' && progress.state !== 'original';
}

/** The page notice, loaded the first time a progress report needs it. */
export function lazyStatusNotice(actions: StatusNoticeActions, doc: Document, load: () => Promise<void> = loadPageExtras, scope: object = globalThis): StatusNotice {
  let notice: StatusNotice | undefined;
  let latest: EngineProgress | undefined;
  let asked = false;
  return {
    update(progress) {
      latest = progress;
      if (notice) return notice.update(progress);
      if (asked || !noticeNeeded(progress)) return;
      asked = true;
      void load().then(() => {
        const create = contentExtras(scope)?.createStatusNotice;
        if (!create) return;
        notice = create(actions, doc);
        if (latest) notice.update(latest);
      }).catch(() => undefined).finally(() => {
        asked = false;
      });
    },
    remove() {
      latest = undefined;
      notice?.remove();
    },
  };
}
