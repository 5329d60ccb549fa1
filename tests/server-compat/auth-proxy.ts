// The small proxy a user puts between the vendor's official client and Glossa's server: it
// forwards every request unchanged except the auth scheme, `DeepL-Auth-Key k` → `Service-Auth-Key k`,
// and streams the answer back as it came.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AuthProxy {
  url: string;
  close(): Promise<void>;
}

export async function startAuthProxy(target: string): Promise<AuthProxy> {
  const upstream = new URL(target);
  const proxy = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    if (headers.authorization) headers.authorization = headers.authorization.replace(/^DeepL-Auth-Key(?=[ \t])/i, 'Service-Auth-Key');
    const forward = request({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}
