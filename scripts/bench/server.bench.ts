// Figures for the local API server (server/): it serves every e2e test, so it must be fast.
// "Server time" is measured inside the server (request log: from the end of the request body to
// the end of the answer); round trips, which include the client, are printed too.
import { startServer } from '../../server/index';
import { median, type BenchSuite, type Figure } from './figure';

const KEY = 'bench-key';

/** A 2.5 KB block of inline HTML, like the page engine sends. */
function htmlBlock(i: number): string {
  const unit = `<p>Paragraph ${i}: some <a href="https://example.com/articles/${i}?ref=list&amp;page=2" title="Read more">linked text</a>, <em>emphasis</em>, <code>code</code> and plain words of an article.</p>`;
  return unit.repeat(Math.ceil(2500 / unit.length)).slice(0, 2500 - 4) + '</p>';
}

function bigDictionary(): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 9_900_000; i++) {
    const line = `source phrase number ${i} with several words\tZielausdruck Nummer ${i} mit mehreren Wörtern`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return lines.join('\n');
}

const suite: BenchSuite = async () => {
  const server = await startServer({ port: 0, keys: [KEY] });
  const headers = { authorization: `Service-Auth-Key ${KEY}`, 'content-type': 'application/json' };
  const post = (path: string, body: string, method: 'POST' | 'PUT' | 'PATCH' = 'POST') => fetch(server.url + path, { method, headers, body });
  try {
    const figures: Figure[] = [];

    const texts = Array.from({ length: 50 }, (_, i) => htmlBlock(i));
    const body = JSON.stringify({ text: texts, target_lang: 'DE', tag_handling: 'html', source_lang: 'EN', show_billed_characters: true });
    const serverTimes: number[] = [];
    const roundTrips: number[] = [];
    // Five warm-up runs (JIT) are not counted.
    for (let run = 0; run < 30; run++) {
      const started = performance.now();
      const res = await post('/v2/translate', body);
      await res.json();
      if (res.status !== 200) throw new Error(`translate answered ${res.status}`);
      if (run < 5) continue;
      roundTrips.push(performance.now() - started);
      serverTimes.push(server.log[server.log.length - 1].processingMs ?? Number.NaN);
    }
    const ranOn = `50 texts x 2.5 KB HTML (${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB body), median of 25`;
    figures.push({ name: 'server.translate.50x2.5KB', value: median(serverTimes), unit: 'ms', ranOn: `${ranOn}, server time`, target: '< 20 ms' });
    figures.push({ name: 'server.translate.50x2.5KB.roundtrip', value: median(roundTrips), unit: 'ms', ranOn: `${ranOn}, HTTP round trip` });

    const entries = bigDictionary();
    const entryCount = entries.split('\n').length;
    const mb = (Buffer.byteLength(entries) / 1_000_000).toFixed(1);
    const createTimes: number[] = [];
    const entriesTimes: number[] = [];
    const createServer: number[] = [];
    const entriesServer: number[] = [];
    for (let run = 0; run < 5; run++) {
      await server.reset();
      const createBody = JSON.stringify({ name: 'Big', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' }] });
      let started = performance.now();
      const created = await post('/v3/glossaries', createBody);
      const glossary = (await created.json()) as { glossary_id: string };
      createTimes.push(performance.now() - started);
      createServer.push(server.log[server.log.length - 1].processingMs ?? Number.NaN);
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      started = performance.now();
      const res = await fetch(`${server.url}/v3/glossaries/${glossary.glossary_id}/entries?source_lang=en&target_lang=de`, { headers });
      const data = (await res.json()) as { dictionaries: { entries: string }[] };
      entriesTimes.push(performance.now() - started);
      entriesServer.push(server.log[server.log.length - 1].processingMs ?? Number.NaN);
      if (data.dictionaries[0].entries.length !== entries.length) throw new Error('entries came back changed');
    }
    const dictOn = `${mb} MB, ${entryCount} entries, median of 5`;
    figures.push({ name: 'server.glossary.create.10MB', value: median(createTimes), unit: 'ms', ranOn: `${dictOn}, HTTP round trip`, target: '< 1 s' });
    figures.push({ name: 'server.glossary.create.10MB.server', value: median(createServer), unit: 'ms', ranOn: `${dictOn}, server time` });
    figures.push({ name: 'server.glossary.entries.10MB', value: median(entriesTimes), unit: 'ms', ranOn: `${dictOn}, HTTP round trip`, target: '< 1 s' });
    figures.push({ name: 'server.glossary.entries.10MB.server', value: median(entriesServer), unit: 'ms', ranOn: `${dictOn}, server time` });
    return figures;
  } finally {
    await server.close();
  }
};

export default suite;
