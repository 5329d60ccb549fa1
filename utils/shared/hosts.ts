// Host names out of URLs, in the two forms Glossa shows or keys by.

/** The site a page belongs to (usage figures, site rules): its hostname, '' when it has none. */
export function siteHostname(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** A server as the user typed it, port included (127.0.0.1:8787), for messages naming it. */
export function serverHost(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A hostname as site rules store it (lower case; letters, digits, hyphens, dots, or an IPv6 literal), or undefined. */
export function normaliseHostname(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const host = input.trim().toLowerCase();
  // IDNs arrive punycoded from URL.hostname.
  if (!host || host.length > 253) return undefined;
  if (/^[a-z0-9.-]+$/.test(host) && !host.startsWith('.') && !host.endsWith('.')) return host;
  if (/^\[[0-9a-f:.]+\]$/.test(host)) return host;
  return undefined;
}

/** Match pattern for a site's optional host permission (`https://host/*`, any port), asked for from a click; undefined for anything but a web address. */
export function sitePermissionPattern(url: string): string | undefined {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? `${protocol}//${hostname}/*` : undefined;
  } catch {
    return undefined;
  }
}
