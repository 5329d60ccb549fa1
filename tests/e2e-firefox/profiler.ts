// Main-thread long tasks in Firefox, read from the Gecko profiler. Firefox does not offer the
// 'longtask' PerformanceObserver entry type to pages, but its profiler marks every main-thread
// task over 50 ms (MainThreadLongTask markers). The profiler runs from the chrome scope while
// `work` runs; its samples (1 ms, with each thread's CPU time) say how much of each long task
// was Glossa's content script. CPU time, not wall time: on a loaded two-core machine a task
// can last long while its thread waits for a core.
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChromeScope } from '../../scripts/lib/firefox';

interface Table {
  schema: Record<string, number>;
  data: (number | string | null | Record<string, unknown>)[][];
}

interface GeckoThread {
  name: string;
  stringTable: string[];
  frameTable: Table;
  stackTable: Table;
  samples: Table;
  markers: Table;
}

interface GeckoProfile {
  meta: { sampleUnits?: { threadCPUDelta?: string } };
  threads: GeckoThread[];
  processes?: GeckoProfile[];
}

export interface LongTask {
  ms: number;
  /** CPU time of samples inside the task with Glossa's content script on the stack. */
  glossaCpuMs: number;
}

export interface TaskFigures {
  /** Tasks over 50 ms that Firefox marked on the page's main thread. */
  longTasks: LongTask[];
  /** The most CPU time Glossa's script took within any one long task. */
  maxGlossaCpuInLongTaskMs: number;
  /** Glossa's script CPU time in all (for scale; 0 means the profile missed it). */
  glossaCpuMs: number;
}

const CPU_UNIT_MS: Record<string, number> = { ns: 1e-6, 'µs': 1e-3, us: 1e-3, ms: 1 };
const round = (ms: number) => Math.round(ms * 10) / 10;

function allThreads(profile: GeckoProfile): { thread: GeckoThread; cpuUnitMs: number }[] {
  const unit = CPU_UNIT_MS[profile.meta.sampleUnits?.threadCPUDelta ?? 'ns'] ?? 1e-6;
  return [...profile.threads.map((thread) => ({ thread, cpuUnitMs: unit })), ...(profile.processes ?? []).flatMap(allThreads)];
}

/** Per stack index: does the stack contain a frame of `scriptPrefix`? (Prefixes come before their children.) */
function stacksWithScript(thread: GeckoThread, scriptPrefix: string): boolean[] {
  const location = thread.frameTable.schema.location;
  const framesMatch = thread.frameTable.data.map((frame) => thread.stringTable[frame[location] as number]?.includes(scriptPrefix) ?? false);
  const { prefix, frame } = thread.stackTable.schema;
  const result: boolean[] = [];
  for (const [i, stack] of thread.stackTable.data.entries()) {
    const parent = stack[prefix] as number | null;
    result[i] = framesMatch[stack[frame] as number] || (parent !== null && result[parent]);
  }
  return result;
}

/** True when the thread recorded the user-timing mark `mark` (the test marks the page it measures). */
function hasMark(thread: GeckoThread, mark: string): boolean {
  const { name, data } = thread.markers.schema;
  return thread.markers.data.some((marker) => thread.stringTable[marker[name] as number] === mark || (marker[data] as { name?: string } | null)?.name === mark);
}

/**
 * The long tasks of the main thread that recorded `mark` (call `performance.mark(mark)` in the
 * page while profiling), each with the CPU time Glossa's script (frames from `scriptPrefix`) took in it.
 */
export function analyseProfile(profile: GeckoProfile, mark: string, scriptPrefix: string): TaskFigures {
  const found = allThreads(profile).find(({ thread }) => thread.name === 'GeckoMain' && hasMark(thread, mark));
  if (!found) throw new Error(`No main thread in the profile recorded the mark "${mark}".`);
  const { thread, cpuUnitMs } = found;
  const hasScript = stacksWithScript(thread, scriptPrefix);
  const { stack, time, threadCPUDelta } = thread.samples.schema;
  const glossaSamples = thread.samples.data
    .filter((s) => s[stack] !== null && hasScript[s[stack] as number])
    .map((s) => ({ time: s[time] as number, cpuMs: ((s[threadCPUDelta] as number | null) ?? 0) * cpuUnitMs }));
  const m = thread.markers.schema;
  const longTasks = thread.markers.data
    .filter((marker) => thread.stringTable[marker[m.name] as number] === 'LongTask' && typeof marker[m.endTime] === 'number')
    .map((marker) => {
      const start = marker[m.startTime] as number;
      const end = marker[m.endTime] as number;
      const inside = glossaSamples.filter((s) => s.time > start && s.time <= end);
      return { ms: round(end - start), glossaCpuMs: round(inside.reduce((sum, s) => sum + s.cpuMs, 0)) };
    });
  return {
    longTasks,
    maxGlossaCpuInLongTaskMs: Math.max(0, ...longTasks.map((t) => t.glossaCpuMs)),
    glossaCpuMs: round(glossaSamples.reduce((sum, s) => sum + s.cpuMs, 0)),
  };
}

/** Runs `work` under the Gecko profiler (main threads, JS stacks, CPU time) and returns the raw profile. */
export async function profile<T>(chrome: ChromeScope, work: () => Promise<T>): Promise<{ result: T; profile: GeckoProfile }> {
  const file = join(tmpdir(), `glossa-firefox-profile-${process.pid}-${Date.now()}.json`);
  await chrome.run("Services.profiler.StartProfiler(1 << 23, 1, ['js', 'cpu'], ['GeckoMain']);");
  let result: T;
  try {
    result = await work();
    await chrome.run(`await Services.profiler.dumpProfileToFileAsync(${JSON.stringify(file)});`);
  } finally {
    await chrome.run('Services.profiler.StopProfiler();');
  }
  try {
    return { result, profile: JSON.parse(await readFile(file, 'utf8')) as GeckoProfile };
  } finally {
    await rm(file, { force: true });
  }
}
