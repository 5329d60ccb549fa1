// The hover script's side: asks the background once whether hover is on here and with which
// modifier, listens for it, and on the first point has the page script and its extras injected
// (loadPageScript) and hands every point to the page script (page-point.ts). Nothing here
// imports the engine: this is all a page of a hover site carries until the user points.
import { sendMessage } from '../../shared/protocol';
import { resend } from '../resend';
import { noteContextTargets } from './context-target';
import { listenForHover } from './hover';
import { pagePoint, type PointFn } from './page-point';

const CLAIM = Symbol.for('glossa.hover-script');

export function startHoverScript(doc: Document, scope: Record<symbol, unknown> = globalThis as unknown as Record<symbol, unknown>): void {
  // The background injects it again into open pages when the setting changes: wire once.
  if (scope[CLAIM]) return;
  scope[CLAIM] = true;
  noteContextTargets(doc, scope);
  let loading: Promise<PointFn> | undefined;
  const pageScript = (): Promise<PointFn> => {
    const ready = pagePoint(scope);
    if (ready) return Promise.resolve(ready);
    loading ??= resend(() => sendMessage('loadPageScript', {})).then(() => {
      const loaded = pagePoint(scope);
      if (!loaded) throw new Error('The page script did not start pointing');
      return loaded;
    }).catch((err: unknown) => {
      // The next key press asks again.
      loading = undefined;
      throw err;
    });
    return loading;
  };
  void resend(() => sendMessage('pointingSetup', {})).then(({ modifier }) => {
    if (!modifier) return;
    listenForHover(doc, modifier, (node, hide) => {
      void pageScript().then((point) => point(node, hide)).catch(() => undefined);
    });
  }).catch(() => undefined);
}
