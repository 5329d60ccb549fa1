// What the popup tells the user about the tab: problems in plain words, each with the way out
// (open the options, try again), derived from the tab state the background keeps.
import type { TabInfo } from '@/utils/shared/protocol';
import type { TabState } from '@/utils/shared/tab-state';
import { t } from '@/utils/shared/i18n';

type StatusTone = 'info' | 'warning' | 'error';
/** The way out the notice offers. */
type StatusAction = 'options' | 'retry';

export interface PopupStatus {
  tone: StatusTone;
  text: string;
  actions: StatusAction[];
}

/** The notice to show, or undefined when all is well. `info` is undefined until the background answers. */
export function popupStatus(info: Pick<TabInfo, 'hasKey' | 'restricted' | 'siteRule' | 'hostname'> | undefined, state: TabState): PopupStatus | undefined {
  if (info?.restricted || state.errorCode === 'restricted-page') {
    return { tone: 'info', text: t('popupStatusRestricted'), actions: [] };
  }
  if (info && !info.hasKey) return { tone: 'warning', text: t('popupStatusNoKey'), actions: ['options'] };
  if (info?.siteRule === 'never') return { tone: 'info', text: t('popupStatusNeverSite', info.hostname), actions: [] };

  if (state.phase === 'translating') {
    return state.errorCode === 'rate-limit' ? { tone: 'info', text: t('popupStatusRetrying'), actions: [] } : undefined;
  }
  if (state.phase === 'error') {
    switch (state.errorCode) {
      case 'auth':
        return { tone: 'error', text: t('popupStatusKeyRejected'), actions: ['options'] };
      case 'quota':
        return { tone: 'error', text: t('popupStatusQuota'), actions: [] };
      case 'network':
      case 'timeout':
        return { tone: 'error', text: t('popupStatusUnreachable'), actions: ['retry', 'options'] };
      case 'rate-limit':
        return { tone: 'error', text: t('popupStatusRateLimited'), actions: ['retry'] };
      case 'server':
      case 'bad-response':
        return { tone: 'error', text: t('popupStatusServer'), actions: ['retry'] };
      case 'bad-request':
        // The background refused before sending anything (an unusable address, a missing permission): its message names the way out.
        return { tone: 'error', text: state.errorMessage || t('popupStatusFailed'), actions: ['options'] };
      default:
        return { tone: 'error', text: t('popupStatusFailed'), actions: ['retry'] };
    }
  }
  if (state.phase === 'translated' && state.failed > 0) {
    return { tone: 'warning', text: t('popupStatusSomeFailed', String(state.failed)), actions: ['retry'] };
  }
  return undefined;
}
