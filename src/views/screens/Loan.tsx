import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../app/hooks.ts';
import headings from '../components/headings.module.css';
import surfaces from '../styles/surfaces.module.css';
import styles from './screens.module.css';
import own from './Loan.module.css';

/** Loans: the borrow form's layout, with the identity-verification status that gates it. */
export default function Loan() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  const kyc = user?.kycStatus ?? 'none';
  return (
    <div className={styles.twoCol} data-testid="loan">
      <section className={styles.card} aria-labelledby="loan-title">
        <h1 id="loan-title" className={headings.pageTitle}>{t('loan.title')}</h1>
        <p className={styles.muted}>{t('loan.text')}</p>
        <dl className={styles.kv}>
          <div><dt>{t('account.kyc')}</dt><dd data-testid="kyc-status">{loggedIn ? t(`account.kycStatus.${kyc}`) : '—'}</dd></div>
        </dl>
        <form className={own.form} onSubmit={(e) => e.preventDefault()}>
          <label className={styles.field}><span>{t('loan.amount')}</span><input inputMode="decimal" disabled placeholder="USDT" /></label>
          <label className={styles.field}><span>{t('loan.term')}</span><select disabled><option>—</option></select></label>
          <p className={surfaces.warnNote}>
            {!loggedIn ? t('account.loginPrompt') : kyc !== 'verified' ? t('loan.kycNeeded') : t('loan.comingSoon')}
          </p>
          {!loggedIn && <Link href="/pass/login">{t('nav.login')}</Link>}
        </form>
      </section>
      <section className={styles.card} aria-labelledby="loan-records">
        <h2 id="loan-records">{t('loan.records')}</h2>
        <p className={styles.muted}>{t('account.noRecords')}</p>
      </section>
    </div>
  );
}
