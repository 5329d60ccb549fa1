// The job options for a translation nobody picked options for right now, from the settings.
import { resolveJobOptions } from '../shared/job-options';
import type { PageJobOptions } from '../shared/settings';
import { defaultGlossariesItem, defaultsItem, popupChoicesItem } from '../extension/settings-store';

export async function currentJobOptions(): Promise<PageJobOptions> {
  const [defaults, choices, glossaries] = await Promise.all([
    defaultsItem.getValue(),
    popupChoicesItem.getValue(),
    defaultGlossariesItem.getValue(),
  ]);
  return resolveJobOptions(defaults, choices, glossaries);
}
