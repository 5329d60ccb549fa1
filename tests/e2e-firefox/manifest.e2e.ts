// Firefox's manifest: Glossa installs as an MV2 add-on whose custom hosts are optional
// permissions and which declares no content scripts (page translation itself, in both
// browsers: tests/e2e-both/page.e2e.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaults } from '../e2e-lib/requests';
import { launchGlossaInFirefox, type FirefoxGlossa } from '../e2e-lib/firefox-harness';

describe('page translation in Firefox', () => {
  let glossa: FirefoxGlossa;
  beforeAll(async () => {
    glossa = await launchGlossaInFirefox({ settings: { defaults: defaults('DE') } });
  });
  afterAll(async () => {
    await glossa?.close();
  });

  it('is installed as an MV2 add-on whose custom hosts are optional permissions', async () => {
    const manifest = await glossa.inExtension((browser) => browser.runtime.getManifest());
    expect(manifest).toMatchObject({ manifest_version: 2, name: 'Glossa', optional_permissions: ['*://*/*', 'webNavigation'] });
    expect(manifest.content_scripts ?? []).toEqual([]);
  });
});
