import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../app/hooks.ts';
import { formatDecimal } from '../components/Figures.tsx';
import { ModeSwitch } from '../shell/ModeSwitch.tsx';
import headings from '../components/headings.module.css';
import surfaces from '../styles/surfaces.module.css';
import styles from './screens.module.css';
import own from './Trading.module.css';

/** Smart trading: the plan form's layout with what exists now (mode, available balance). */
export default function Trading() {
  const { t } = useTranslation();
  const { loggedIn, demo, account, user } = useSession();
  const real = account?.balances.real;
  const blocked = !loggedIn ? t('account.loginPrompt') : demo ? t('trading.demoBlocked') : user && !user.smartEnabled ? t('trading.notEnabled') : t('trading.comingSoon');
  return (
    <div className={styles.twoCol} data-testid="trading">
      <section className={styles.card} aria-labelledby="tr-title">
        <h1 id="tr-title" className={headings.pageTitle}>{t('trading.title')}</h1>
        <p className={styles.muted}>{t('trading.text')}</p>
        <form className={own.form} onSubmit={(e) => e.preventDefault()} aria-describedby="tr-blocked">
          <label className={styles.field}><span>{t('trading.amount')}</span><input inputMode="decimal" disabled placeholder="USDT" /></label>
          <label className={styles.field}><span>{t('trading.days')}</span><select disabled><option>—</option></select></label>
          <dl className={styles.kv}>
            <div><dt>{t('trading.dailyYield')}</dt><dd>—</dd></div>
            <div><dt>{t('account.available')} · {t('session.real')}</dt><dd className="num">{real ? formatDecimal(real.availableUsdt, 2) : '—'} USDT</dd></div>
          </dl>
          <p id="tr-blocked" className={surfaces.warnNote}>{blocked}</p>
          {!loggedIn ? <Link href="/pass/login">{t('nav.login')}</Link> : demo && <div className={surfaces.darkFrame}><ModeSwitch /></div>}
        </form>
      </section>
      <section className={styles.card} aria-labelledby="tr-plans">
        <h2 id="tr-plans">{t('trading.plans')}</h2>
        <p className={styles.muted}>{t('account.noRecords')}</p>
      </section>
    </div>
  );
}
