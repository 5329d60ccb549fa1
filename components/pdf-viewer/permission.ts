// The host permission that lets the viewer read a PDF from its server (asked for from a click).

/** `https://host/*` for a web address; undefined for anything else. */
export function sitePermissionPatternOf(url: string): string | undefined {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? `${protocol}//${hostname}/*` : undefined;
  } catch {
    return undefined;
  }
}
