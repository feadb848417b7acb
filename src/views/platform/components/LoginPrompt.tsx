import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

export function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <div className={styles.state} data-testid="login-prompt">
      <p>{t('account.loginPrompt')}</p>
      <Link href="/pass/login" className={styles.button}>
        {t('nav.login')}
      </Link>
    </div>
  );
}
