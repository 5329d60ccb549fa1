// The answers an injected fault sends: a status with a JSON, HTML, text or empty body, a
// malformed body that stands for a broken proxy, or a real answer altered after handling.
import type { FaultRule } from './faults';
import type { RawReply, Reply } from './http';
import { reorderInlineElements } from './reorder';
import type { TranslateResponse } from './translate';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request', 403: 'Authorization failed', 404: 'Not found', 413: 'Request body too large', 429: 'Too many requests',
  456: 'Quota exceeded', 500: 'Internal server error', 502: 'Bad gateway', 503: 'Service unavailable', 504: 'Gateway timeout',
};

function htmlPage(status: number): string {
  const title = `${status} ${STATUS_TEXT[status] ?? 'Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
}

export function statusFaultReply(rule: FaultRule): Reply | RawReply {
  const status = rule.status ?? 500;
  const headers: Record<string, string> = {};
  if (rule.retryAfter !== undefined) headers['retry-after'] = String(rule.retryAfter);
  const message = STATUS_TEXT[status] ?? 'Error';
  const kind = rule.body ?? 'json';
  if (kind === 'json') return { status, body: { message, detail: `Injected fault: ${status}` }, headers };
  if (kind === 'html') return { status, raw: htmlPage(status), contentType: 'text/html', headers };
  if (kind === 'text') return { status, raw: `${status} ${message}\n`, contentType: 'text/plain', headers };
  return { status, raw: '', contentType: 'application/json', headers };
}

/** Malformed answers that stand for a broken proxy: they skip the handler (nothing billed). */
export function malformedReply(rule: FaultRule, path: string): RawReply | undefined {
  const status = rule.status ?? 200;
  switch (rule.shape ?? 'invalid-json') {
    case 'invalid-json':
      return { status, raw: '{"translations": [{"detected_source_language": "EN", "text": "unterminated', contentType: 'application/json' };
    case 'wrong-shape':
      return { status, raw: path === '/v2/translate' ? '{"translations": {"text": 42}}' : '{"unexpected": true}', contentType: 'application/json' };
    case 'html':
      return { status: rule.status ?? 502, raw: htmlPage(rule.status ?? 502), contentType: 'text/html' };
    case 'empty':
      return { status, raw: '', contentType: 'application/json' };
    default:
      return undefined;
  }
}

/** Faults that alter a successful answer after the request was handled (and billed). */
export function applyAfterFaults(reply: Reply, rule: FaultRule | undefined, path: string): Reply | RawReply {
  if (!rule || reply.status >= 300) return reply;
  if (rule.fault === 'hostile' && path === '/v2/translate') {
    const body = reply.body as TranslateResponse;
    const payload = rule.payload!;
    body.translations = body.translations.map((t, i) => ({
      ...t,
      text: typeof payload === 'function' ? payload(t.text, i) : Array.isArray(payload) ? payload[i % payload.length] : payload,
    }));
    return reply;
  }
  if (rule.fault === 'reorder' && path === '/v2/translate') {
    for (const translation of (reply.body as TranslateResponse).translations) translation.text = reorderInlineElements(translation.text);
    return reply;
  }
  if (rule.fault === 'malformed' && rule.shape === 'wrong-count' && path === '/v2/translate') {
    const body = reply.body as TranslateResponse;
    body.translations = body.translations.length > 1 ? body.translations.slice(0, -1) : [...body.translations, { ...body.translations[0] }];
    return reply;
  }
  if (rule.fault === 'malformed' && rule.shape === 'wrong-count') {
    // Other endpoints have no list of translations to shorten: answer the wrong shape instead.
    return { status: reply.status, raw: '{"unexpected": true}', contentType: 'application/json; charset=utf-8' };
  }
  if (rule.fault === 'malformed') {
    const text = JSON.stringify(reply.body ?? {});
    return { status: reply.status, raw: text.slice(0, Math.max(1, Math.floor(text.length / 2))), contentType: 'application/json; charset=utf-8' };
  }
  return reply;
}
