// Glossaries of the local server, per API key, optionally persisted to a folder: one JSON file
// per glossary, written to a temporary file and renamed so a crash never leaves half a file.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEntries } from '../utils/glossary/entries';
import { GlossaryMatcher } from './pseudo';

export interface StoredDictionary {
  /** Lower-case base language codes. */
  source: string;
  target: string;
  /** source phrase → target phrase, in entry order. */
  entries: Map<string, string>;
  /** Built on first use by a translation, dropped when the entries change. */
  matcher?: GlossaryMatcher;
  /** The entries as TSV, built on first retrieval, dropped when the entries change. */
  tsv?: string;
}

export interface StoredGlossary {
  id: string;
  owner: string;
  name: string;
  creationTime: string;
  dictionaries: StoredDictionary[];
}

interface GlossaryFile {
  owner: string;
  glossary_id: string;
  name: string;
  creation_time: string;
  dictionaries: { source_lang: string; target_lang: string; entries: string }[];
}

/** Keys are never stored: glossaries belong to a hash of the key. */
export function ownerOf(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

export function dictionaryTsv(dict: StoredDictionary): string {
  if (dict.tsv === undefined) {
    const lines: string[] = [];
    for (const [source, target] of dict.entries) lines.push(`${source}\t${target}`);
    dict.tsv = lines.join('\n');
  }
  return dict.tsv;
}

export function matcherOf(dict: StoredDictionary): GlossaryMatcher {
  dict.matcher ??= new GlossaryMatcher([...dict.entries].map(([source, target]) => ({ source, target })));
  return dict.matcher;
}

export class GlossaryStore {
  private readonly byId = new Map<string, StoredGlossary>();
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly dataDir?: string) {}

  private get folder(): string | undefined {
    return this.dataDir ? join(this.dataDir, 'glossaries') : undefined;
  }

  /** Loads persisted glossaries; unreadable files are set aside (renamed), not fatal. */
  async load(): Promise<string[]> {
    const folder = this.folder;
    if (!folder) return [];
    await mkdir(folder, { recursive: true });
    const warnings: string[] = [];
    for (const file of await readdir(folder)) {
      if (!file.endsWith('.json')) continue;
      const path = join(folder, file);
      try {
        const data = JSON.parse(await readFile(path, 'utf8')) as GlossaryFile;
        const glossary: StoredGlossary = {
          id: data.glossary_id,
          owner: data.owner,
          name: data.name,
          creationTime: data.creation_time,
          dictionaries: data.dictionaries.map((d) => {
            const parsed = parseEntries(d.entries, 'tsv');
            if (parsed.problemCount > 0) throw new Error(parsed.problems[0].message);
            return { source: d.source_lang, target: d.target_lang, entries: new Map(parsed.entries.map((e) => [e.source, e.target])) };
          }),
        };
        if (typeof glossary.id !== 'string' || typeof glossary.owner !== 'string' || typeof glossary.name !== 'string') throw new Error('missing fields');
        this.byId.set(glossary.id, glossary);
      } catch (err) {
        const aside = `${path}.unreadable-${Date.now()}`;
        await rename(path, aside).catch(() => undefined);
        warnings.push(`Glossary file ${file} could not be read (${(err as Error).message}); moved to ${aside}`);
      }
    }
    return warnings;
  }

  list(owner: string): StoredGlossary[] {
    return [...this.byId.values()].filter((g) => g.owner === owner);
  }

  count(owner: string): number {
    let n = 0;
    for (const g of this.byId.values()) if (g.owner === owner) n++;
    return n;
  }

  /** The glossary when it exists and belongs to `owner` (another key's glossary is not found). */
  get(owner: string, id: string): StoredGlossary | undefined {
    const glossary = this.byId.get(id.toLowerCase());
    return glossary && glossary.owner === owner ? glossary : undefined;
  }

  async create(owner: string, name: string, dictionaries: StoredDictionary[]): Promise<StoredGlossary> {
    const glossary: StoredGlossary = { id: randomUUID(), owner, name, creationTime: new Date().toISOString(), dictionaries };
    this.byId.set(glossary.id, glossary);
    await this.save(glossary);
    return glossary;
  }

  /** Persists a changed glossary (callers mutate it first). */
  async save(glossary: StoredGlossary): Promise<void> {
    for (const dict of glossary.dictionaries) {
      dict.matcher = undefined;
      dict.tsv = undefined;
    }
    const folder = this.folder;
    if (!folder) return;
    const data: GlossaryFile = {
      owner: glossary.owner,
      glossary_id: glossary.id,
      name: glossary.name,
      creation_time: glossary.creationTime,
      dictionaries: glossary.dictionaries.map((d) => ({ source_lang: d.source, target_lang: d.target, entries: dictionaryTsv(d) })),
    };
    const text = JSON.stringify(data);
    await this.serialised(glossary.id, async () => {
      const path = join(folder, `${glossary.id}.json`);
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, text, 'utf8');
      await rename(temp, path);
    });
  }

  async delete(glossary: StoredGlossary): Promise<void> {
    this.byId.delete(glossary.id);
    const folder = this.folder;
    if (!folder) return;
    await this.serialised(glossary.id, () => rm(join(folder, `${glossary.id}.json`), { force: true }));
  }

  /** Forgets every glossary (tests' reset); persisted files are removed too. */
  async clear(): Promise<void> {
    const all = [...this.byId.values()];
    for (const g of all) await this.delete(g);
  }

  private serialised(id: string, task: () => Promise<void>): Promise<void> {
    const previous = this.writes.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.writes.set(id, next);
    void next.finally(() => {
      if (this.writes.get(id) === next) this.writes.delete(id);
    }).catch(() => undefined);
    return next;
  }

  /** Waits for pending writes (before close). */
  async flush(): Promise<void> {
    await Promise.allSettled(this.writes.values());
  }
}
