// The writing target and formality a user picked per site: which sites someone writes to is
// private, so it is kept where only the background and extension pages read it.
import type { WritingPrefs } from '../shared/protocol';
import { definePrivateItem } from './private-storage';

export const writingPrefsItem = definePrivateItem<WritingPrefs>('writingPrefs', {});

/** The sites (hostnames) where the user turned the field button on; private for the same reason. */
export const writingButtonSitesItem = definePrivateItem<string[]>('writingButtonSites', []);
