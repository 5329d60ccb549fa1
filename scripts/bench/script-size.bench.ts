// The script every translated page loads (page-engine.js), the one loaded on first need
// (page-extras.js) and the one every page of a hover site loads (page-hover.js), from a real
// build; their largest modules per the source maps
// (scripts/bench/script-size.ts prints every module's share).
import type { BenchSuite, Figure } from './figure';
import { measureScriptShares } from './script-size';

const suite: BenchSuite = async () => {
  const figures: Figure[] = [];
  for (const { script, bytes, modules } of await measureScriptShares()) {
    const largest = modules.slice(0, 5).map((m) => `${m.module.replace(/^.*\//, '')} ${(m.bytes / 1000).toFixed(1)}`).join(', ');
    figures.push({
      name: `scriptSize.${script}`, value: Number((bytes / 1000).toFixed(2)), unit: 'KB', ranOn: 'chrome-mv3 build, minified',
      target: script === 'page-engine.js' ? `≤ 40 KB (largest: ${largest})`
        : script === 'page-hover.js' ? `every page of a hover site, until the first point (largest: ${largest})`
          : `loaded on first need (largest: ${largest})`,
    });
  }
  return figures;
};

export default suite;
