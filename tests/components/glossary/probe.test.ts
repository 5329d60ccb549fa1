import { it, expect } from 'vitest';
import { startServer } from '../../../server/index';
it('probe', async () => {
  const s = await startServer({ port: 0, keys: ['k'] });
  console.log('fetch is', String(globalThis.fetch).slice(0, 80));
  try {
    const r = await fetch(`${s.url}/v3/glossaries`, { headers: { Authorization: 'Service-Auth-Key k' } });
    console.log(r.status, await r.text());
  } catch (e) { console.log('ERR', e); }
  await s.close();
});
