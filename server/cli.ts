// `npm run server -- [flags]`: runs the local translation API until Ctrl-C.
import { parseArgs } from 'node:util';
import { DEMO_KEY, startServer, type ServerOptions } from './index';

const USAGE = `Usage: npm run server -- [options]

  --port N             port to listen on (default 8787; 0 picks a free one)
  --host ADDR          address to bind (default 127.0.0.1)
  --plan free|paid     which plan's address this server plays (default paid)
  --keys k1,k2         accepted API keys (default ${DEMO_KEY})
  --data DIR           keep glossaries in DIR across restarts
  --glossary-limit N   glossaries per key (default 1000)
  --faults             enable the fault-injection admin endpoints under /__admin/ (loopback
                       Host only, with the token printed at start)
  --latency MS         add MS milliseconds to every API request
  --seed-demo          create the demo glossary "Glossa demo" (English → German)
  --help               show this help`;

export class UsageError extends Error {}

export function parseCliOptions(argv: string[]): ServerOptions & { latencyMs?: number; help?: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        plan: { type: 'string' },
        keys: { type: 'string' },
        data: { type: 'string' },
        'glossary-limit': { type: 'string' },
        faults: { type: 'boolean' },
        latency: { type: 'string' },
        'seed-demo': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const integer = (flag: string, value: string | undefined, max: number): number | undefined => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) > max) throw new UsageError(`--${flag} must be a whole number from 0 to ${max}, got '${value}'`);
    return Number(value);
  };
  if (values.plan !== undefined && values.plan !== 'free' && values.plan !== 'paid') throw new UsageError(`--plan must be free or paid, got '${values.plan}'`);
  const keys = values.keys?.split(',').map((k) => k.trim()).filter((k) => k !== '');
  if (values.keys !== undefined && keys!.length === 0) throw new UsageError('--keys needs at least one key');
  return {
    help: values.help,
    port: integer('port', values.port, 65535) ?? 8787,
    host: values.host ?? '127.0.0.1',
    plan: (values.plan as 'free' | 'paid' | undefined) ?? 'paid',
    keys: keys ?? [DEMO_KEY],
    dataDir: values.data,
    glossaryLimit: integer('glossary-limit', values['glossary-limit'], 1_000_000),
    admin: values.faults ?? false,
    latencyMs: integer('latency', values.latency, 600_000),
    seedDemo: values['seed-demo'] ?? false,
  };
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  let server;
  try {
    server = await startServer(options);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`Port ${options.port} on ${options.host} is already in use: stop the other server or pick another port with --port.`);
      return 1;
    }
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      console.error(`Cannot listen on ${options.host}:${options.port} (${code}): pick another --host or --port.`);
      return 1;
    }
    console.error(`The server could not start: ${(err as Error).message}`);
    return 1;
  }
  if (options.latencyMs) server.faults.latencyMs = options.latencyMs;
  const extras = [
    `plan ${server.plan}`,
    options.keys!.length === 1 && options.keys![0] === DEMO_KEY ? `key ${DEMO_KEY}` : `${options.keys!.length} key${options.keys!.length === 1 ? '' : 's'}`,
    options.dataDir ? `glossaries in ${options.dataDir}` : 'glossaries in memory',
    ...(options.admin ? [`fault admin at ${server.url}/__admin/ with the header "Authorization: Bearer ${server.adminToken}"`] : []),
  ];
  console.log(`Glossa API server listening on ${server.url} (${extras.join('; ')})`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/cli.ts')) {
  main().then((code) => process.exit(code));
}
