import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import styles from './shell.module.css';

/** Demo / real switch: a two-option radio group, so keyboard and screen readers get it for free. */
export function ModeSwitch() {
  const { t } = useTranslation();
  const { demo, send } = useSession();
  return (
    <div className={styles.mode} role="radiogroup" aria-label={t('session.mode')} data-testid="mode-switch">
      <button type="button" role="radio" aria-checked={demo} onClick={() => !demo && send({ type: 'session.useDemo' })}>
        {t('session.demo')}
      </button>
      <button type="button" role="radio" aria-checked={!demo} onClick={() => demo && send({ type: 'session.useReal' })}>
        {t('session.real')}
      </button>
    </div>
  );
}
