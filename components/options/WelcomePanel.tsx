// First run: shown when the background opens the options page after install (?welcome=1).
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { Button } from '../ui/Button';

interface Props {
  onStart(): void;
  onDismiss(): void;
}

export function WelcomePanel({ onStart, onDismiss }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the welcome first, once.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="options-section welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title" tabIndex={-1} ref={heading}>
        {t('optionsWelcomeTitle')}
      </h2>
      <p>{t('optionsWelcomeIntro')}</p>
      <ol>
        <li>{t('optionsWelcomeStepKey')}</li>
        <li>{t('optionsWelcomeStepPlan')}</li>
        <li>{t('optionsWelcomeStepTest')}</li>
      </ol>
      <div class="actions">
        <Button kind="primary" onClick={onStart}>
          {t('optionsWelcomeStart')}
        </Button>
        <Button onClick={onDismiss}>
          {t('optionsWelcomeDismiss')}
        </Button>
      </div>
    </section>
  );
}
