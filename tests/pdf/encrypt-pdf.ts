// A password-protected test PDF: pdf-lib writes no encryption, so this applies the PDF
// standard security handler (revision 2, RC4 with a 40-bit key, as in PDF 1.4 §3.5) to a PDF
// pdf-lib wrote: every stream is encrypted with its object's key and the trailer gets /Encrypt
// and /ID. Test-only; the document holds no strings outside its streams.
import { createHash } from 'node:crypto';
import { PDFDocument, PDFHexString, PDFNumber, PDFRawStream } from 'pdf-lib';

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);

/** The PDF at `bytes`, encrypted so that it opens only with `password`. */
export async function encryptPdf(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const id = md5(Buffer.from(bytes));
  const permissions = -4;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const owner = rc4(md5(padded(password)).subarray(0, 5), padded(password));
  const key = md5(padded(password), owner, p, id).subarray(0, 5);
  const user = rc4(key, PADDING);

  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const objectKey = md5(key, Buffer.from([ref.objectNumber & 255, (ref.objectNumber >> 8) & 255, (ref.objectNumber >> 16) & 255, ref.generationNumber & 255, (ref.generationNumber >> 8) & 255])).subarray(0, 10);
    pdf.context.assign(ref, PDFRawStream.of(object.dict, rc4(objectKey, object.contents)));
  }
  const encrypt = pdf.context.obj({
    Filter: 'Standard', V: 1, R: 2, Length: 40,
    O: PDFHexString.of(Buffer.from(owner).toString('hex')),
    U: PDFHexString.of(Buffer.from(user).toString('hex')),
    P: PDFNumber.of(permissions),
  });
  pdf.context.trailerInfo.Encrypt = pdf.context.register(encrypt);
  const hexId = PDFHexString.of(id.toString('hex'));
  pdf.context.trailerInfo.ID = pdf.context.obj([hexId, hexId]);
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}
