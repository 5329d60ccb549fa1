// One API request from arrival to answer: log record, authentication (first, on every path, as
// the real service does), routing, injected faults, the handler, and the error answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyAfterFaults, malformedReply, statusFaultReply } from './fault-replies';
import { ownerOf } from './glossary-store';
import { errorReply, HttpError, writeReply } from './http';
import { openRecord, type RequestRecord } from './request-log';
import { createRoutes, type ApiState, type RequestContext } from './routes';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The owner (hash of the key) of a request with a valid key; 403 for anything else. */
function authorize(keys: ReadonlySet<string>, req: IncomingMessage, query: URLSearchParams): string {
  if (query.has('auth_key')) throw new HttpError(403, 'Authorization failed', 'Send the key in the Authorization header, never in the URL');
  const header = req.headers.authorization;
  if (!header) throw new HttpError(403, 'Authorization failed', 'Missing Authorization header: send "Authorization: Service-Auth-Key <key>"');
  const m = /^Service-Auth-Key[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!m) throw new HttpError(403, 'Authorization failed', 'The Authorization header must read "Service-Auth-Key <key>"');
  if (!keys.has(m[1])) throw new HttpError(403, 'Authorization failed', 'The key is not valid');
  return ownerOf(m[1]);
}

/** Answers API requests; `hanging` holds answers a 'hang' fault holds back (ended by reset and close). */
export function createApiHandler(state: ApiState, log: RequestRecord[], hanging: Set<ServerResponse>) {
  const route = createRoutes(state);
  let nextId = 1;

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const record = openRecord(log, nextId++, method, url);
    const ctx: RequestContext = { req, query: url.searchParams, owner: '', record };
    res.on('finish', () => {
      record.status = res.statusCode;
      record.durationMs = performance.now() - started;
    });
    const answered = () => {
      record.processingMs = performance.now() - (ctx.bodyReadAt ?? started);
    };
    res.on('close', () => {
      if (!res.writableFinished) {
        record.aborted = true;
        record.durationMs = performance.now() - started;
      }
      hanging.delete(res);
    });

    const { faults } = state;
    let wait = faults.latencyMs;
    try {
      ctx.owner = authorize(state.keys, req, url.searchParams);
      const { handler, match } = route(method, url.pathname);

      const rule = faults.match(method, url.pathname);
      if (rule) record.fault = rule.fault;
      if (rule?.fault === 'reset') {
        req.socket.destroy();
        return;
      }
      if (rule?.fault === 'hang') {
        req.resume();
        hanging.add(res);
        return;
      }
      // The request is handled (and logged with its parameters) on arrival; the answer waits.
      if (rule?.fault === 'delay') wait += rule.delayMs ?? 0;
      const injected = rule?.fault === 'status' ? statusFaultReply(rule) : rule?.fault === 'malformed' ? malformedReply(rule, url.pathname) : undefined;
      if (injected) {
        req.resume();
        if (wait > 0) await sleep(wait);
        writeReply(res, injected);
        return answered();
      }

      const reply = await handler(ctx, match);
      if (wait > 0) await sleep(wait);
      writeReply(res, applyAfterFaults(reply, rule, url.pathname));
      answered();
    } catch (err) {
      const httpError = err instanceof HttpError ? err : new HttpError(500, 'Internal server error', (err as Error)?.message ?? String(err));
      if (!(err instanceof HttpError)) console.error('[glossa server] unexpected error', err);
      record.error = httpError.message;
      // Unread bodies are drained so the client sees the answer, not a reset connection.
      if (!req.complete) req.resume();
      const closeConnection = (err as { closeConnection?: boolean }).closeConnection === true;
      if (wait > 0 && !closeConnection) await sleep(wait);
      writeReply(res, errorReply(closeConnection ? new HttpError(httpError.status, httpError.message, httpError.detail, { connection: 'close' }) : httpError));
      answered();
      if (closeConnection) res.on('finish', () => req.socket.destroy());
    }
  };
}
