// A short stand-in for a string where only equality matters: sets of texts Glossa wrote and
// the text written into each node are remembered by fingerprint, so the page's memory holds
// each translation once (in the page), not again in Glossa's own records.

/**
 * A 52-bit fingerprint of `text`: two 32-bit multiplicative hashes over its UTF-16 units, one
 * kept whole and one cut to 20 bits. Two different texts share one with odds of about 2^-52.
 */
export function fingerprint(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  b = Math.imul(b ^ text.length, 0x27d4eb2d);
  return (a >>> 0) * 0x100000 + ((b >>> 12) & 0xfffff);
}
