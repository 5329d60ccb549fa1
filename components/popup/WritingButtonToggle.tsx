// "Writing help on this site": the field button on the tab's site. Turning it on asks the
// browser for that site's access in the same click (a prompt needs the user's gesture); the
// background then registers the button's script there. Turning it off gives the access back
// unless another Glossa feature still needs it.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/utils/shared/i18n';
import { sendMessage } from '@/utils/shared/protocol';

interface Props {
  hostname: string;
  /** Whether Glossa already holds access to the site (then nothing is asked). */
  hostPermission: boolean;
  disabled: boolean;
}

export function WritingButtonToggle({ hostname, hostPermission, disabled }: Props) {
  const [sites, setSites] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    sendMessage('writingButtonSites', {}).then(setSites, () => setSites([]));
  }, []);

  const on = !!hostname && (sites ?? []).includes(hostname);

  const toggle = (wanted: boolean) => {
    setProblem('');
    // Asked first thing in the click: browsers grant only from a user gesture.
    const access = wanted && !hostPermission ? browser.permissions.request({ origins: [`*://${hostname}/*`] }).catch(() => false) : Promise.resolve(true);
    setBusy(true);
    void (async () => {
      try {
        if (!(await access)) {
          setProblem(t('popupWritingButtonDenied', hostname));
          return;
        }
        setSites((await sendMessage('setWritingButtonSite', { site: hostname, on: wanted })).sites);
      } catch (err) {
        setProblem(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    })();
  };

  return (
    <div class="writing-button">
      <label class="check">
        <input type="checkbox" class="g-switch" checked={on} disabled={disabled || !hostname || sites === null || busy}
          aria-describedby="writing-button-hint" onChange={(e) => toggle(e.currentTarget.checked)} />
        <span>{t('popupWritingButton')}</span>
      </label>
      <p id="writing-button-hint" class="hint">{t('popupWritingButtonHint')}</p>
      {problem && <p class="notice notice-error" role="alert">{problem}</p>}
    </div>
  );
}
