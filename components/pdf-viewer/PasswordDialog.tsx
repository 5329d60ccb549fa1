// Asks for a password-protected PDF's password (again, when the last one was wrong).
import { useCallback, useRef, useState } from 'preact/hooks';
import { t } from '@/utils/shared/i18n';
import { Button } from '../ui/Button';

interface Pending {
  retry: boolean;
  answer: (password: string | undefined) => void;
}

export function usePasswordPrompt() {
  const [pending, setPending] = useState<Pending>();
  const ask = useCallback((retry: boolean) => new Promise<string | undefined>((resolve) => {
    setPending({ retry, answer: (password) => {
      setPending(undefined);
      resolve(password);
    } });
  }), []);
  return { ask, pending };
}

export function PasswordDialog({ prompt }: { prompt: ReturnType<typeof usePasswordPrompt> }) {
  const input = useRef<HTMLInputElement>(null);
  const { pending } = prompt;
  if (!pending) return null;
  return (
    <form
      class="pdf-password"
      aria-label={t('pdfPasswordTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        pending.answer(input.current?.value ?? '');
      }}
    >
      <p>{pending.retry ? t('pdfPasswordWrong') : t('pdfPasswordNeeded')}</p>
      <label>
        {t('pdfPasswordLabel')}
        <input ref={input} type="password" autoFocus autoComplete="off" />
      </label>
      <div class="pdf-password-actions">
        <Button type="submit" kind="primary">{t('pdfPasswordOpen')}</Button>
        <Button type="button" onClick={() => pending.answer(undefined)}>{t('pdfPasswordCancel')}</Button>
      </div>
    </form>
  );
}
