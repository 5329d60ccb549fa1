// The figures the tour prints, and how they are printed. Pure, so they can be tested.

export interface TourFigures {
  /** Blocks of the demo page the page engine translated (including late content). */
  blocks: number;
  failedBlocks: number;
  /** POST /v2/translate requests the server answered during the tour. */
  requests: number;
  /** Of those, requests made for the page (the rest were for the selection). */
  pageRequests: number;
  /** Of those, requests made for the draft in the demo's form (writing help); counted apart from the selection's. */
  writingRequests?: number;
  /** Billed characters as the server counted them. */
  billedCharacters: number;
  /** From the translate command to the first translated text on screen. */
  firstTextMs: number | undefined;
  /** From the translate command until what is on and near the screen is translated (Glossa translates the rest on scrolling). */
  firstScreenMs: number;
  /** Build, servers and browser start. */
  setupMs: number;
  tourMs: number;
  screenshots: string[];
  outDir: string;
  warnings: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

export function formatSummary(f: TourFigures): string {
  const rows: [string, string][] = [
    ['blocks translated', `${count(f.blocks)}${f.failedBlocks ? ` (${count(f.failedBlocks)} failed)` : ''}`],
    ['API requests', f.writingRequests === undefined
      ? `${count(f.requests)} (${count(f.pageRequests)} for the page, ${count(f.requests - f.pageRequests)} for the selection)`
      : `${count(f.requests)} (${count(f.pageRequests)} for the page, ${count(f.requests - f.pageRequests - f.writingRequests)} for the selection, ${count(f.writingRequests)} for writing help)`],
    ['billed characters', count(f.billedCharacters)],
    ['first translated text', f.firstTextMs === undefined ? 'not measured' : `${seconds(f.firstTextMs)} after the command`],
    ['first screen translated', `${seconds(f.firstScreenMs)} after the command`],
    ['total time', `${seconds(f.setupMs + f.tourMs)} (build and start ${seconds(f.setupMs)}, tour ${seconds(f.tourMs)})`],
    ['screenshots', `${f.screenshots.length} in ${f.outDir}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ['Glossa tour finished', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  for (const file of f.screenshots) lines.push(`    ${file}`);
  for (const warning of f.warnings) lines.push(`  warning: ${warning}`);
  return lines.join('\n');
}
