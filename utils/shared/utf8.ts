// The API measures its limits (request body, phrase and dictionary sizes) in UTF-8 bytes.

/** UTF-8 length of a string without encoding it (TextEncoder would copy a 10 MB dictionary); a lone surrogate counts as U+FFFD, 3 bytes. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
