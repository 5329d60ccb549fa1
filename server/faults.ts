// Fault injection for tests and demos: added latency, error statuses (429 with Retry-After,
// 500, 503 …), a billed-character quota that answers 456, malformed bodies, connections that
// reset, responses that never come, and hostile translations. Off until a rule is added.

export type FaultKind =
  /** Answer with `status` (default 500); body JSON error, HTML page, plain text or empty. */
  | 'status'
  /** Answer 200 (or `status`) with a body the client cannot use; see `shape`. */
  | 'malformed'
  /** Never answer; the connection stays open until the client gives up or the server closes. */
  | 'hang'
  /** Destroy the connection without an answer (a network error for the client). */
  | 'reset'
  /** Wait `delayMs`, then answer normally. */
  | 'delay'
  /** Translate normally, then replace each translation's text with `payload`. */
  | 'hostile'
  /** Translate normally, then move inline elements within each sentence (see reorder.ts). */
  | 'reorder';

export type MalformedShape = 'invalid-json' | 'wrong-shape' | 'html' | 'empty' | 'wrong-count' | 'truncated';

export interface FaultRule {
  fault: FaultKind;
  status?: number;
  /** Retry-After header value: seconds, or an HTTP date string. */
  retryAfter?: number | string;
  body?: 'json' | 'html' | 'text' | 'empty';
  shape?: MalformedShape;
  /** hostile: one payload for every text, a list used in turn, or (in-process only) a function. */
  payload?: string | string[] | ((text: string, index: number) => string);
  delayMs?: number;
  /** Exact path, or a prefix ending in '*' ('/v3/*'); default every API path ('*'). Hostile: translate only. */
  path?: string;
  method?: string;
  /** Let this many matching requests through before the rule starts firing. */
  skip?: number;
  /** Fire for this many matching requests, then the rule is removed. Default: no end. */
  times?: number;
  /** Fire for this fraction of matching requests, evenly spaced (0.5 = every second one). */
  rate?: number;
}

interface ActiveRule extends FaultRule {
  id: number;
  seen: number;
  fired: number;
  credit: number;
}

export interface FaultState {
  latencyMs: number;
  quotaCharacters?: number;
  quotaExhausted: boolean;
  rules: (FaultRule & { id: number; fired: number })[];
}

const KINDS: readonly FaultKind[] = ['status', 'malformed', 'hang', 'reset', 'delay', 'hostile', 'reorder'];
const SHAPES: readonly MalformedShape[] = ['invalid-json', 'wrong-shape', 'html', 'empty', 'wrong-count', 'truncated'];

/** Validates a rule from an untrusted source (the admin endpoint). */
export function checkRule(value: unknown): FaultRule {
  if (typeof value !== 'object' || value === null) throw new Error('a fault rule must be an object');
  const r = value as Record<string, unknown>;
  if (!KINDS.includes(r.fault as FaultKind)) throw new Error(`fault must be one of ${KINDS.join(', ')}`);
  const num = (name: string, min: number, max: number) => {
    if (r[name] === undefined) return;
    if (typeof r[name] !== 'number' || !Number.isFinite(r[name]) || (r[name] as number) < min || (r[name] as number) > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
  };
  num('status', 100, 599);
  num('delayMs', 0, 600_000);
  num('skip', 0, 1e9);
  num('times', 1, 1e9);
  num('rate', 0, 1);
  if (r.retryAfter !== undefined && typeof r.retryAfter !== 'number' && typeof r.retryAfter !== 'string') throw new Error('retryAfter must be seconds or a date');
  if (r.body !== undefined && !['json', 'html', 'text', 'empty'].includes(r.body as string)) throw new Error('body must be json, html, text or empty');
  if (r.shape !== undefined && !SHAPES.includes(r.shape as MalformedShape)) throw new Error(`shape must be one of ${SHAPES.join(', ')}`);
  if (r.payload !== undefined && typeof r.payload !== 'string' && typeof r.payload !== 'function' && !(Array.isArray(r.payload) && r.payload.length > 0 && r.payload.every((p) => typeof p === 'string'))) {
    throw new Error('payload must be a string, a non-empty list of strings or a function');
  }
  if (r.fault === 'hostile' && r.payload === undefined) throw new Error('a hostile fault needs a payload');
  if (r.path !== undefined && typeof r.path !== 'string') throw new Error('path must be a string');
  if (r.method !== undefined && typeof r.method !== 'string') throw new Error('method must be a string');
  return r as unknown as FaultRule;
}

function pathMatches(pattern: string | undefined, path: string): boolean {
  if (pattern === undefined || pattern === '*') return true;
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The fault control object: tests change it directly, or through /__admin/faults. */
export class Faults {
  /** Added to every API request before it is handled. */
  latencyMs = 0;
  /** With a number, translate answers 456 once this many characters have been billed. */
  quotaCharacters: number | undefined;
  /** Set once a request was refused for quota: every later translation is refused too. */
  quotaExhausted = false;
  private rules: ActiveRule[] = [];
  private nextId = 1;

  /** Adds a rule; returns its id (for remove). */
  add(rule: FaultRule): number {
    const active: ActiveRule = { ...checkRule(rule), id: this.nextId++, seen: 0, fired: 0, credit: 0 };
    this.rules.push(active);
    return active.id;
  }

  remove(id: number): void {
    this.rules = this.rules.filter((r) => r.id !== id);
  }

  /** Removes every rule, the latency and the quota. */
  clear(): void {
    this.rules = [];
    this.latencyMs = 0;
    this.quotaCharacters = undefined;
    this.quotaExhausted = false;
  }

  state(): FaultState {
    return {
      latencyMs: this.latencyMs,
      quotaCharacters: this.quotaCharacters,
      quotaExhausted: this.quotaExhausted,
      rules: this.rules.map(({ seen: _seen, credit: _credit, ...rule }) => rule),
    };
  }

  /** The rule that fires for this request, if any (counting it as seen/fired). */
  match(method: string, path: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (!pathMatches(rule.path, path)) continue;
      if ((rule.fault === 'hostile' || rule.fault === 'reorder') && path !== '/v2/translate') continue;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      rule.seen++;
      if (rule.seen <= (rule.skip ?? 0)) continue;
      if (rule.rate !== undefined) {
        rule.credit += rule.rate;
        if (rule.credit < 1 - 1e-9) continue;
        rule.credit -= 1;
      }
      rule.fired++;
      if (rule.times !== undefined && rule.fired >= rule.times) this.remove(rule.id);
      return rule;
    }
    return undefined;
  }
}
