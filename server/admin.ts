// /__admin/*: the request log, fault rules, plan and reset, for tests (only when the server was
// started with `admin: true`, and only for a loopback Host with the admin token: host-guard.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkRule } from './faults';
import { decodeUtf8, errorReply, HttpError, json, parseJsonObject, readBody, requireMediaType, writeReply } from './http';
import type { RequestRecord } from './request-log';
import type { ApiState } from './routes';

const ADMIN_BODY_LIMIT = 1024 * 1024;

export function createAdminHandler(state: ApiState, log: RequestRecord[], reset: () => Promise<void>) {
  const { faults } = state;
  const summary = () => ({ plan: state.plan, billedCharacters: state.billed, requests: log.length });

  return async function handleAdmin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice('/__admin'.length);
    const readJson = async () => {
      requireMediaType(req, ['application/json']);
      return parseJsonObject(decodeUtf8(await readBody(req, ADMIN_BODY_LIMIT)));
    };
    try {
      if (path === '/log' && method === 'GET') return writeReply(res, json(200, { requests: log }));
      if (path === '/log' && method === 'DELETE') {
        log.length = 0;
        return writeReply(res, { status: 204 });
      }
      if (path === '/faults' && method === 'GET') return writeReply(res, json(200, faults.state()));
      if (path === '/faults' && method === 'POST') {
        const body = await readJson();
        let id: number;
        try {
          id = faults.add(checkRule(body));
        } catch (err) {
          throw new HttpError(400, 'Invalid fault rule', (err as Error).message);
        }
        return writeReply(res, json(201, { id }));
      }
      if (path === '/faults' && method === 'PATCH') {
        const body = await readJson();
        if (body.latencyMs !== undefined) {
          if (typeof body.latencyMs !== 'number' || body.latencyMs < 0) throw new HttpError(400, 'latencyMs must be a number ≥ 0');
          faults.latencyMs = body.latencyMs;
        }
        if (body.quotaCharacters !== undefined) {
          if (body.quotaCharacters !== null && (typeof body.quotaCharacters !== 'number' || body.quotaCharacters < 0)) throw new HttpError(400, 'quotaCharacters must be a number ≥ 0 or null');
          faults.quotaCharacters = body.quotaCharacters ?? undefined;
          faults.quotaExhausted = false;
        }
        return writeReply(res, json(200, faults.state()));
      }
      if (path === '/faults' && method === 'DELETE') {
        faults.clear();
        return writeReply(res, { status: 204 });
      }
      const ruleMatch = /^\/faults\/(\d+)$/.exec(path);
      if (ruleMatch && method === 'DELETE') {
        faults.remove(Number(ruleMatch[1]));
        return writeReply(res, { status: 204 });
      }
      if (path === '/state' && method === 'GET') return writeReply(res, json(200, summary()));
      if (path === '/state' && method === 'PATCH') {
        const body = await readJson();
        if (body.plan !== 'free' && body.plan !== 'paid') throw new HttpError(400, "plan must be 'free' or 'paid'");
        state.plan = body.plan;
        return writeReply(res, json(200, summary()));
      }
      if (path === '/reset' && method === 'POST') {
        await reset();
        return writeReply(res, { status: 204 });
      }
      throw new HttpError(404, 'Not found', `No admin endpoint ${method} ${url.pathname}`);
    } catch (err) {
      const httpError = err instanceof HttpError ? err : new HttpError(500, 'Internal server error', String(err));
      if (!req.complete) req.resume();
      writeReply(res, errorReply(httpError));
    }
  };
}
