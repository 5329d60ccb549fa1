// HTTP plumbing for the local API server: errors with the house error body, strict body
// reading (size limits, UTF-8, JSON and form decoding) and reply writing.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A handler's answer; the dispatcher writes it (after faults may have changed it). */
export interface Reply {
  status: number;
  /** JSON-serialisable value; undefined for no body (204). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A body written as given: for answers that are deliberately not JSON, or not valid JSON. */
export interface RawReply {
  status: number;
  raw: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** Writes a reply unless an answer was already sent or the client went away. */
export function writeReply(res: ServerResponse, reply: Reply | RawReply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = { ...reply.headers };
  let payload: Buffer | undefined;
  if ('raw' in reply) {
    payload = Buffer.from(reply.raw);
    headers['content-type'] = reply.contentType;
  } else if (reply.body !== undefined) {
    // Encoded once: measuring a string and then writing it would encode 10 MB twice.
    payload = Buffer.from(JSON.stringify(reply.body));
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  if (payload !== undefined) headers['content-length'] = payload.length;
  res.writeHead(reply.status, headers);
  res.end(payload);
}

/** An error that becomes `{message, detail}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function errorReply(err: HttpError): Reply {
  return { status: err.status, body: { message: err.message, detail: err.detail ?? err.message }, headers: err.headers };
}

export function json(status: number, body: unknown): Reply {
  return { status, body };
}

/** Media type without parameters, lower case; rejects charsets other than UTF-8. */
function mediaType(req: IncomingMessage): string {
  const raw = req.headers['content-type'];
  if (!raw) return '';
  const [type, ...params] = raw.split(';');
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim().toLowerCase());
    if (name === 'charset' && value.replace(/"/g, '') !== 'utf-8' && value.replace(/"/g, '') !== 'utf8') {
      throw new HttpError(415, `Unsupported charset '${value}'`, 'Request bodies must be UTF-8');
    }
  }
  return type.trim().toLowerCase();
}

/** Requires one of the given media types. */
export function requireMediaType(req: IncomingMessage, allowed: readonly string[]): string {
  const type = mediaType(req);
  if (!allowed.includes(type)) {
    const got = type ? `'${type}'` : 'no Content-Type';
    throw new HttpError(415, 'Unsupported content type', `Expected ${allowed.join(' or ')}, got ${got}`);
  }
  return type;
}

// Past the limit the rest of a body is read and dropped (so the client sees the 413 instead
// of a reset connection), up to this much; beyond it the connection is closed.
const DRAIN_CAP = 64 * 1024 * 1024;

/** Reads the whole body; over `limit` bytes it throws 413 once the body has been drained. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    let settled = false;
    const tooLargeError = () =>
      new HttpError(413, 'Request body too large', `The body is ${Math.max(size, Number.isFinite(declared) ? declared : 0)} bytes; at most ${limit} bytes are accepted`);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      else if (size > limit + DRAIN_CAP && !settled) {
        settled = true;
        reject(Object.assign(tooLargeError(), { closeConnection: true }));
        req.pause();
      }
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      if (tooLarge) reject(tooLargeError());
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    req.on('error', (err) => {
      if (settled) return;
      settled = true;
      reject(new HttpError(400, 'The request body could not be read', err.message));
    });
  });
}

/** Strict UTF-8 decoding (isUtf8 is a fast native check; toString alone would substitute U+FFFD). */
export function decodeUtf8(body: Buffer): string {
  if (!isUtf8(body)) throw new HttpError(400, 'The request body is not valid UTF-8', 'Encode the body as UTF-8');
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, 'Malformed JSON body', (err as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The JSON body must be an object', `Got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
  }
  return value as Record<string, unknown>;
}

/** application/x-www-form-urlencoded, strictly: invalid percent-encoding or UTF-8 is an error. */
export function parseForm(text: string): Map<string, string[]> {
  const form = new Map<string, string[]>();
  if (text === '') return form;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw new HttpError(400, 'Malformed form body', `'${rawName.slice(0, 40)}' is not valid percent-encoded UTF-8`);
    }
    const list = form.get(name);
    if (list) list.push(value);
    else form.set(name, [value]);
  }
  return form;
}
