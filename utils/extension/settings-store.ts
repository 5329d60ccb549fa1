// Where the settings are kept. Read by the background and extension pages only; content
// scripts never import this file (lint guards it) and get what they need through messages.
import { storage } from 'wxt/utils/storage';
import {
  DEFAULT_CONNECTION,
  DEFAULT_SITE_RULES,
  DEFAULT_TRANSLATION,
  type Connection,
  type DefaultGlossaries,
  type PopupChoices,
  type SiteRules,
  type TranslationDefaults,
} from '../shared/settings';
import { definePrivateItem, type PrivateItem } from './private-storage';

/** The key: private (see private-storage.ts). */
export const connectionItem = definePrivateItem<Connection>('connection', DEFAULT_CONNECTION);

/** The sites a user always or never translates say where they bank and read: private. */
export const siteRulesItem = definePrivateItem<SiteRules>('siteRules', DEFAULT_SITE_RULES);

export const defaultGlossariesItem = definePrivateItem<DefaultGlossaries>('defaultGlossaries', {});

export const defaultsItem = storage.defineItem<TranslationDefaults>('local:defaults', {
  fallback: DEFAULT_TRANSLATION,
});

export const popupChoicesItem = storage.defineItem<PopupChoices | null>('local:popupChoices', {
  fallback: null,
});

/** Items moved out of storage.local where it cannot be restricted (see movePrivateItems). */
export const PRIVATE_SETTINGS: readonly PrivateItem<unknown>[] = [connectionItem, siteRulesItem, defaultGlossariesItem] as PrivateItem<unknown>[];
