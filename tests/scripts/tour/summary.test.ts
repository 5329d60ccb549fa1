// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatSummary, type TourFigures } from '../../../scripts/tour/summary';

const figures: TourFigures = {
  blocks: 38,
  failedBlocks: 0,
  requests: 3,
  pageRequests: 2,
  billedCharacters: 4321,
  firstTextMs: 412,
  firstScreenMs: 1250,
  setupMs: 5400,
  tourMs: 9100,
  screenshots: ['.tour/popup.png'],
  outDir: '.tour',
  warnings: [],
};

describe('tour summary', () => {
  it('prints blocks, requests, billed characters, first text and total time', () => {
    const text = formatSummary(figures);
    expect(text).toContain('blocks translated        38');
    expect(text).toContain('API requests             3 (2 for the page, 1 for the selection)');
    expect(text).toContain('billed characters        4,321');
    expect(text).toContain('first translated text    0.41 s after the command');
    expect(text).toContain('total time               14.5 s (build and start 5.40 s, tour 9.10 s)');
    expect(text).toContain('screenshots              1 in .tour');
    expect(text).toContain('first screen translated  1.25 s after the command');
    expect(text).not.toContain('warning');
  });

  it('counts the writing-help request apart from the selection', () => {
    const text = formatSummary({ ...figures, requests: 5, pageRequests: 3, writingRequests: 1 });
    expect(text).toContain('API requests             5 (3 for the page, 1 for the selection, 1 for writing help)');
  });

  it('shows failed blocks, an unmeasured first text and warnings', () => {
    const text = formatSummary({ ...figures, failedBlocks: 2, firstTextMs: undefined, warnings: ['late notice not translated'] });
    expect(text).toContain('38 (2 failed)');
    expect(text).toContain('first translated text    not measured');
    expect(text).toContain('warning: late notice not translated');
  });
});
