// Hover translation: the key, where it works (every site, or one), and the switch. Turning it
// on asks the browser for exactly that host access in the same click; turning it off gives it
// back (the background registers or drops the page script as the setting changes).
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { hoverItem } from '../../utils/extension/pointing-store';
import { siteRulesItem } from '../../utils/extension/settings-store';
import { t } from '../../utils/shared/i18n';
import { normaliseHostname } from '../../utils/shared/hosts';
import { DEFAULT_HOVER, HOVER_MODIFIERS, hoverOrigins, type HoverModifier, type HoverSettings } from '../../utils/shared/pointing';
import { StatusMessage, type Status } from './StatusMessage';
import { Checkbox } from '../ui/Checkbox';
import { Radio } from '../ui/Radio';
import { Select } from '../ui/Select';
import { TextInput } from '../ui/TextInput';
import { FieldError } from '../ui/FieldError';

interface Props {
  /** The site the options were opened for (`?site=` from the popup), offered for "This site only". */
  site: string;
}

/** Gives back the access hover translation asked for, except what an always-translate site still needs. */
async function releaseAccess(sites: HoverSettings['sites'], keep: readonly string[]): Promise<void> {
  const origins = hoverOrigins(sites === 'all' ? 'all' : sites.filter((host) => !keep.includes(host)));
  if (origins.length) await browser.permissions.remove({ origins }).catch(() => false);
}

export function HoverSection({ site }: Props) {
  const [hover, setHover] = useState<HoverSettings>(DEFAULT_HOVER);
  const [where, setWhere] = useState<'all' | 'site'>(site ? 'site' : 'all');
  const [host, setHost] = useState(site);
  const [hostError, setHostError] = useState('');
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    void hoverItem.getValue().then((stored) => {
      setHover(stored);
      if (stored.enabled && stored.sites !== 'all') {
        setWhere('site');
        setHost(stored.sites[0] ?? site);
      } else if (stored.enabled) setWhere('all');
    });
  }, [site]);

  const turnOn = async () => {
    const hostname = normaliseHostname(host);
    if (where === 'site' && !hostname) {
      setHostError(t('pointingSiteInvalid'));
      return;
    }
    const sites: HoverSettings['sites'] = where === 'all' ? 'all' : [hostname!];
    // Asked first thing in the click: browsers grant only from a user gesture.
    const granted = await browser.permissions.request({ origins: hoverOrigins(sites) }).catch(() => false);
    if (!granted) {
      setStatus({ kind: 'error', text: t('pointingPermissionDenied') });
      return;
    }
    const next = { ...hover, enabled: true, sites };
    await hoverItem.setValue(next);
    setHover(next);
    setStatus({ kind: 'ok', text: t('pointingHoverOn') });
  };

  const turnOff = async () => {
    const next = { ...hover, enabled: false };
    await hoverItem.setValue(next);
    setHover(next);
    const rules = await siteRulesItem.getValue().catch(() => ({ always: [] as string[] }));
    await releaseAccess(hover.sites, rules.always);
    setStatus({ kind: 'ok', text: t('pointingHoverOff') });
  };

  const setModifier = (modifier: HoverModifier) => {
    const next = { ...hover, modifier };
    setHover(next);
    void hoverItem.setValue(next);
  };

  return (
    <section id="hover" class="options-section" aria-labelledby="hover-title">
      <h2 id="hover-title">{t('pointingHoverTitle')}</h2>
      <p class="section-intro">{t('pointingHoverIntro')}</p>
      <div class="grid-2">
        <div class="field">
          <label for="hover-modifier">{t('pointingModifierLabel')}</label>
          <Select id="hover-modifier" value={hover.modifier} onChange={(e) => setModifier(e.currentTarget.value as HoverModifier)}>
            {HOVER_MODIFIERS.map((m) => <option key={m} value={m}>{t(`pointingModifier${m}`)}</option>)}
          </Select>
        </div>
        <fieldset class="field" disabled={hover.enabled}>
          <legend class="field-label">{t('pointingWhereLabel')}</legend>
          <label class="checkbox">
            <Radio name="hover-where" checked={where === 'all'} onChange={() => setWhere('all')} />
            <span>{t('pointingWhereAll')}</span>
          </label>
          <label class="checkbox">
            <Radio name="hover-where" checked={where === 'site'} onChange={() => setWhere('site')} />
            <span>{t('pointingWhereSite')}</span>
          </label>
          {where === 'site' && (
            <>
              <label for="hover-site">{t('pointingSiteLabel')}</label>
              <TextInput id="hover-site" value={host} placeholder="en.wikipedia.org" aria-invalid={hostError ? 'true' : 'false'} aria-describedby="hover-site-error"
                onInput={(e) => {
                  setHost(e.currentTarget.value);
                  setHostError('');
                }} />
              <FieldError id="hover-site-error" message={hostError} />
            </>
          )}
        </fieldset>
      </div>
      <div class="checkbox">
        <Checkbox id="hover-enabled" checked={hover.enabled} aria-describedby="hover-touch"
          onChange={(e) => void (e.currentTarget.checked ? turnOn() : turnOff())} />
        <label for="hover-enabled">{t('pointingHoverLabel')}</label>
      </div>
      <p id="hover-touch" class="field-hint">{t('pointingTouchNote')}</p>
      <StatusMessage status={status} />
    </section>
  );
}
