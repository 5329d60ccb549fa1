// Where a page's memory goes, read through the DevTools protocol: a census of the V8 heap by
// kind of object (from a heap snapshot), and Blink's own garbage-collected heap (from a
// memory-infra dump of the renderer), so the memory bench can say what grew, not only how much.
import { writeFileSync } from 'node:fs';
import type { Browser, CDPSession } from 'playwright-core';

/** Bytes per kind of object: strings by their V8 shape, objects by constructor, the rest by type. */
export type Census = Map<string, { bytes: number; count: number }>;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/**
 * A heap snapshot of the session's target, counted by kind (strings, closures, arrays, each
 * constructor); `saveTo` also writes the snapshot itself there (DevTools opens it).
 */
export async function heapCensus(cdp: CDPSession, saveTo?: string): Promise<Census> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => void chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const text = chunks.join('');
  if (saveTo) writeFileSync(saveTo, text);
  const data = JSON.parse(text) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const census: Census = new Map();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]];
    const name = data.strings[data.nodes[i + nameAt]];
    const kind = type === 'object' || type === 'native' ? `${type} ${name.split(' ')[0].slice(0, 60)}` : type;
    const entry = census.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += data.nodes[i + sizeAt];
    entry.count++;
    census.set(kind, entry);
  }
  return census;
}

/** Bytes of V8's compiled code: bytecode, machine code, feedback and function metadata. */
export function compiledCode(census: Census): number {
  return census.get('code')?.bytes ?? 0;
}

/** Bytes of the JS heap's own objects (strings, arrays, objects, closures…): not Blink's, not compiled code. */
export function jsData(census: Census): number {
  let bytes = 0;
  for (const [kind, entry] of census) if (!kind.startsWith('native ') && kind !== 'code' && kind !== 'synthetic') bytes += entry.bytes;
  return bytes;
}

/** The kinds that grew most from `before` to `after`, as printable lines. */
export function censusGrowth(before: Census, after: Census, top = 15): string[] {
  const rows = [...after].map(([kind, a]) => {
    const b = before.get(kind) ?? { bytes: 0, count: 0 };
    return { kind, bytes: a.bytes - b.bytes, count: a.count - b.count };
  });
  rows.sort((x, y) => y.bytes - x.bytes);
  return rows.slice(0, top).map((r) => `${String(Math.round(r.bytes / 1024)).padStart(7)} KB ${String(r.count).padStart(8)}  ${r.kind}`);
}

interface TraceEvent {
  ph: string;
  pid: number;
  name?: string;
  args?: { name?: string; dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string } | undefined> }> } };
}

/**
 * Blink's garbage-collected heap (Oilpan: nodes, their rare data and cached child lists,
 * observers, attribute storage) in the renderer holding the most of it, after a forced
 * collection (a deterministic memory-infra dump collects garbage first).
 */
export async function blinkHeap(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } as unknown as Record<string, string> },
    });
    const dump = await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
    await cdp.send('Tracing.end');
    await complete;
    if (!dump.success) throw new Error('The memory dump failed');
    let largest = 0;
    for (const event of events) {
      // Live objects after the collection (the heap's committed pages also count free space).
      const size = event.ph === 'v' ? event.args?.dumps?.allocators?.['blink_gc/main/heap']?.attrs?.allocated_objects_size?.value : undefined;
      if (size) largest = Math.max(largest, parseInt(size, 16));
    }
    return largest;
  } finally {
    await cdp.detach();
  }
}
