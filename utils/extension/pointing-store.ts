// Where hover translation's setting and the sites' Only/Never translate rules are kept (the
// background and extension pages only; content scripts get what they need in messages).
import { storage } from 'wxt/utils/storage';
import { DEFAULT_HOVER, type HoverSettings } from '../shared/pointing';
import type { SiteScopes } from '../shared/site-scope';
import { definePrivateItem } from './private-storage';

export const hoverItem = storage.defineItem<HoverSettings>('local:hover', { fallback: DEFAULT_HOVER });

/** Which parts of which sites a user translates says where they read: private, like the site rules. */
export const siteScopesItem = definePrivateItem<SiteScopes>('siteScopes', {});
