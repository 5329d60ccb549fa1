import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGlossa, type Glossa } from './harness';

describe('smoke: Glossa loads in Chromium', () => {
  let glossa: Glossa;
  beforeAll(async () => {
    glossa = await launchGlossa();
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('runs its service worker and serves its extension pages', async () => {
    expect(glossa.extensionId).toMatch(/^[a-p]{32}$/);
    const manifest = await glossa.inWorker(() => chrome.runtime.getManifest());
    expect(manifest.name).toBe('Glossa');
    const page = await glossa.openPage('/article.html');
    expect(await glossa.tabIdOf(page)).toBeGreaterThan(0);
  });
});
