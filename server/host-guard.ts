// Who may talk to the local server. A web page can make the browser send requests here, and a
// DNS-rebinding page can make its own name resolve to 127.0.0.1 and read the answers; such a
// request still carries the page's name in `Host`. So no endpoint answers a `Host` that is a
// name other than localhost (an IP address cannot be rebound), and the admin endpoints, which
// reset the server and hold translated page text in their log, answer only a loopback `Host`
// and the token printed at start.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** The host name of a `Host` header (port and IPv6 brackets removed), lower-case; undefined when malformed. */
function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(value);
  return plain?.[1];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Whether any endpoint may answer: localhost or an IP address, never another name. */
export function hostAllowed(header: string | undefined): boolean {
  const name = hostName(header);
  return name !== undefined && (name === 'localhost' || isIP(name) !== 0);
}

/** Whether the admin endpoints may answer: loopback only. */
export function adminHostAllowed(header: string | undefined): boolean {
  const name = hostName(header);
  return name !== undefined && LOOPBACK.has(name);
}

export function createAdminToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
export function adminTokenMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
