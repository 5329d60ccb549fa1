// Serves the test PDFs (bytes made at test time) as application/pdf on 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestPdf } from '../pdf/make-pdfs';

export interface PdfServer {
  url(name: string): string;
  close(): Promise<void>;
}

export async function startPdfServer(pdfs: TestPdf[]): Promise<PdfServer> {
  const byName = new Map(pdfs.map((pdf) => [`/${pdf.name}`, pdf.bytes]));
  const server = createServer((req, res) => {
    const bytes = byName.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!bytes) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) });
    res.end(Buffer.from(bytes));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${base}/${name}`,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
