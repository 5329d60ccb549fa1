import { describe, expect, it, vi } from 'vitest';
import { downloadFile, exportDictionary, exportFilename } from '../../utils/glossary/export';
import { parseEntries } from '../../utils/glossary/entries';

const entries = [{ source: 'a, b', target: 'say "hi"' }, { source: 'car', target: 'Auto' }];

describe('export', () => {
  it('writes CSV and TSV that import back to the same entries', () => {
    const csv = exportDictionary('Team', 'en', 'de', entries, 'csv');
    expect(csv.text).toBe('"a, b","say ""hi"""\ncar,Auto\n');
    expect(parseEntries(csv.text, 'csv').entries.map(({ source, target }) => ({ source, target }))).toEqual(entries);
    const tsv = exportDictionary('Team', 'en', 'de', entries, 'tsv');
    expect(tsv.text).toBe('a, b\tsay "hi"\ncar\tAuto\n');
    expect(tsv.filename).toBe('Team.en-de.tsv');
    expect(csv.mime).toMatch(/^text\/csv/);
  });

  it('makes file names safe', () => {
    expect(exportFilename('../Marketing: Q1/Q2 *final*', 'EN', 'DE', 'csv')).toBe('Marketing-Q1-Q2-final.en-de.csv');
    expect(exportFilename('', 'en', 'fr', 'tsv')).toBe('glossary.en-fr.tsv');
  });

  it('downloads through a Blob URL with the file name and revokes it later', async () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:glossa/1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
      clicks.push(this);
    });
    downloadFile(exportDictionary('Team', 'en', 'de', entries, 'tsv'));
    expect(clicks[0]?.download).toBe('Team.en-de.tsv');
    expect(clicks[0]?.href).toBe('blob:glossa/1');
    expect(clicks[0]?.isConnected).toBe(false);
    expect(await created[0].text()).toBe('a, b\tsay "hi"\ncar\tAuto\n');
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoke).toHaveBeenCalledWith('blob:glossa/1');
    vi.useRealTimers();
    create.mockRestore();
    revoke.mockRestore();
    click.mockRestore();
  });
});
