// A port check before anything starts, so a taken port gives one clear sentence instead of
// a stack trace halfway through the build.
import { createServer } from 'node:net';

export class PortTakenError extends Error {
  constructor(readonly port: number, readonly purpose: string, hint: string) {
    super(`Port ${port} on 127.0.0.1 is already in use, but Glossa needs it for ${purpose}.\n${hint}`);
    this.name = 'PortTakenError';
  }
}

/** Resolves when `port` can be bound on `host`; rejects with PortTakenError when it cannot. */
export function assertPortFree(port: number, purpose: string, hint: string, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolveFree, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? new PortTakenError(port, purpose, hint) : err);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolveFree()));
  });
}

export function isAddressInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
}
