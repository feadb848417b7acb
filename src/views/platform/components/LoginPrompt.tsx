import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import headings from './headings.module.css';
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

/** What a signed-in screen shows a visitor: its title and the way to log in (the card class is the screen's own). */
export function SignedOutScreen({ className, title }: { className: string; title: string }) {
  return (
    <section className={className}>
      <h1 className={headings.pageTitle}>{title}</h1>
      <LoginPrompt />
    </section>
  );
}
