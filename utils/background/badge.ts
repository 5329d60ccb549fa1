// The toolbar badge shows one tab's state at a glance: blue percentage while translating, the
// target language in green when done, a red "!" on an error (its title says which), grey
// "OFF" on a site set to never translate, grey "×" where the browser does not let Glossa run.
// The badge is derived from the tab state only, so it can be redrawn at any time (for
// example after the worker was stopped).
import { browser } from 'wxt/browser';
import { t } from '../shared/i18n';
import { languageName } from '../shared/languages';
import { showsTranslation, type TabState } from '../shared/tab-state';
import { hostnameOf } from './site-rules';
import { syncTermFixMenu } from './term-menu';

interface BadgeLook {
  text: string;
  color: string;
  title: string;
}

export const BADGE_COLORS = {
  translating: '#1d4ed8',
  translated: '#15803d',
  partial: '#b45309',
  error: '#b91c1c',
  muted: '#4b5563',
} as const;

function errorTitle(state: TabState): string {
  switch (state.errorCode) {
    case 'quota':
      return t('backgroundBadgeQuota');
    case 'auth':
      return t('backgroundBadgeAuth');
    case 'network':
    case 'timeout':
      return t('backgroundBadgeUnreachable');
    case 'rate-limit':
      return t('backgroundBadgeRateLimited');
    case 'server':
    case 'bad-response':
      return t('backgroundBadgeServer');
    default:
      return t('backgroundBadgeFailed');
  }
}

export function badgeFor(state: TabState): BadgeLook {
  const target = state.job?.targetLang ?? '';
  switch (state.phase) {
    case 'translating': {
      const finished = state.done + state.failed;
      // Never show 100% while still translating: the last blocks may be slow.
      const text = state.total > 0 ? `${Math.min(99, Math.floor((finished / state.total) * 100))}%` : '…';
      const title = state.errorCode === 'rate-limit'
        ? t('backgroundBadgeRetrying')
        : t('backgroundBadgeTranslating', [String(state.done), String(state.total)]);
      return { text, color: BADGE_COLORS.translating, title };
    }
    case 'translated':
      if (state.failed > 0) {
        return { text: '!', color: BADGE_COLORS.partial, title: t('backgroundBadgePartial', [String(state.failed), languageName(target)]) };
      }
      return {
        // The base code fits the badge (EN-GB → EN) and says which language the page is in now.
        text: target ? target.split('-')[0].toUpperCase() : '✓',
        color: BADGE_COLORS.translated,
        title: t('backgroundBadgeTranslated', [languageName(target), String(state.billedCharacters)]),
      };
    case 'error':
      return { text: '!', color: BADGE_COLORS.error, title: errorTitle(state) };
    default:
      if (state.errorCode === 'never-site') {
        return { text: 'OFF', color: BADGE_COLORS.muted, title: t('backgroundBadgeNeverSite', hostnameOf(state.url)) };
      }
      if (state.errorCode === 'restricted-page') {
        return { text: '×', color: BADGE_COLORS.muted, title: t('backgroundBadgeRestricted') };
      }
      return { text: '', color: BADGE_COLORS.muted, title: t('actionTitle') };
  }
}

type ActionApi = typeof browser.action;

/** MV3 has `action`; Firefox's MV2 build has the same methods on `browserAction`. */
function actionApi(): ActionApi | undefined {
  return browser.action ?? (browser as unknown as { browserAction?: ActionApi }).browserAction;
}

/** Whether the page shows (or is getting) a translation: the shortcut and the page menu then show the original. */
export { showsTranslation } from '../shared/tab-state';

/**
 * The page menu item says what a click will do. Menus are not per tab, so it follows the
 * active tab (see also tabs.onActivated in the background).
 */
export async function syncPageMenu(tabId: number, state: TabState): Promise<void> {
  try {
    const tab = await browser.tabs.get(tabId);
    if (!tab?.active) return;
    await browser.contextMenus.update('translate-page', {
      title: showsTranslation(state) ? t('backgroundMenuShowOriginal') : t('backgroundMenuTranslatePage'),
    });
    await syncTermFixMenu(state);
  } catch {
    // No such tab any more, or the menu is not created yet (it is, with the default title, on install).
  }
}

/** The badge of every tab without a state of its own: Glossa could not close its storage to content scripts. */
export async function showStorageUnprotected(): Promise<void> {
  const action = actionApi();
  if (!action) return;
  await Promise.all([
    action.setBadgeText({ text: '!' }),
    action.setBadgeBackgroundColor({ color: BADGE_COLORS.error }),
    action.setTitle({ title: t('storageUnprotectedBadge') }),
  ]).catch(() => undefined);
}

/** Draws the badge and tooltip of one tab (and the page menu's title). A tab that closed meanwhile is not an error. */
export async function applyBadge(tabId: number, state: TabState): Promise<void> {
  const action = actionApi();
  if (!action) return;
  const look = badgeFor(state);
  await syncPageMenu(tabId, state);
  try {
    await Promise.all([
      action.setBadgeText({ tabId, text: look.text }),
      action.setBadgeBackgroundColor({ tabId, color: look.color }),
      action.setTitle({ tabId, title: look.title }),
      // Older browsers pick a text colour themselves; white reads on every badge colour above.
      action.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
    ]);
  } catch {
    // The tab is gone (closed or discarded): nothing to draw.
  }
}
