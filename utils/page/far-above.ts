// Where a translation starts with the page scrolled down, the walk in page order would collect
// everything above the screen before it reaches the screen: on a long page, tens of ms before
// the first call can go. The parts of the page wholly above the zone the reader is near (the
// screens that count as ahead, visibility.ts) are found first, along the containers that hold
// the top of that zone; the walk passes them over and they are collected after it. Nothing is
// left out: they are only taken later. Every block of that zone is still found in page order,
// as before, so what goes to the API near the reader does not depend on when the walk ends.
import { createClassifier, type CollectContext } from './collect';
import { AHEAD_SCREENS } from './visibility';

/** At most this many boxes are read: a flat page of thousands of paragraphs costs no more. */
const MAX_BOXES_READ = 2000;

/**
 * Block-level elements that lie wholly above the zone ahead of the reader, in page order. Only
 * elements the walk would treat as a block of their own or a container are returned (passing
 * one over then splits no run of inline content), and only below containers the walk enters.
 */
export function farAbove(doc: Document, ctx: CollectContext): Element[] {
  const body = doc.body;
  const height = doc.defaultView?.innerHeight ?? 0;
  if (!body || height <= 0) return [];
  const zoneTop = -AHEAD_SCREENS * height;
  // A page not scrolled past the zone has nothing in its flow above it: no other box is read.
  if (body.getBoundingClientRect().top >= zoneTop) return [];
  const classify = createClassifier(ctx);
  const found: Element[] = [];
  let read = 0;
  for (let parent: Element | null = body; parent; ) {
    // The container whose box holds the top of the zone: the next level looked into.
    let holder: Element | null = null;
    for (let child: Element | null = parent.firstElementChild; child && read < MAX_BOXES_READ; child = child.nextElementSibling) {
      read++;
      const box = child.getBoundingClientRect();
      if (box.top >= zoneTop || (box.width === 0 && box.height === 0)) continue;
      if (ctx.isOwn(child) || classify.statusOf(child) !== 'block') continue;
      if (box.bottom < zoneTop) found.push(child);
      else if (!classify.inlineOnly(child)) holder = child;
    }
    parent = holder;
  }
  return found;
}
