import type { Asset } from '../../contract/constants.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CollateralAsset } from '../../contract/loans.ts';
import { COLLATERAL_PRICE_CODE } from '../../contract/loans.ts';
import { useLoanTerms, useMyLoans } from '../../services/loans/queries.ts';
import { availableOf, useBalances } from '../../services/wallet/index.ts';
import { useQuote, useSession, useVisibleCodes } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import surfaces from '../platform/styles/surfaces.module.css';
import { ModeSwitch } from '../platform/shell/ModeSwitch.tsx';
import { Borrow } from './Borrow.tsx';
import { MyLoans } from './MyLoans.tsx';
import styles from './loans.module.css';

const CODES = Object.values(COLLATERAL_PRICE_CODE);

/**
 * Loans (/loan): the borrow calculator at live prices, the agreement to read and sign, and the
 * user's loans with their live LTV and the repay dialog. Anyone may use the calculator; applying
 * needs a signed-in, verified user in the real book (the service checks all of it again).
 */
export default function LoanScreen() {
  const { t, i18n } = useTranslation();
  const { loggedIn, demo, user } = useSession();
  const terms = useLoanTerms(i18n.language);
  const verified = user?.kycStatus === 'verified';
  const loans = useMyLoans(loggedIn);
  const balances = useBalances('real', loggedIn);
  useVisibleCodes(CODES);
  const btc = useQuote('BTCUSDT');
  const eth = useQuote('ETHUSDT');
  const prices: Record<CollateralAsset, string | null> = { BTC: btc ? btc.price : null, ETH: eth ? eth.price : null };
  const held = (a: Asset) => (loggedIn ? (balances.data ? availableOf(balances.data, a) : '0') : null);
  const available = { BTC: held('BTC'), ETH: held('ETH') };
  const canApply = loggedIn && verified && !demo;

  return (
    <div className={screens.stack} data-testid="loan">
      <section className={screens.card} aria-labelledby="loan-title">
        <h1 id="loan-title" className={headings.pageTitle}>
          {t('loan.title')}
        </h1>
        <p className={styles.muted}>{t('loan.intro')}</p>
        {!loggedIn && (
          <p className={styles.notice}>
            {t('account.loginPrompt')} <Link href="/pass/login">{t('nav.login')}</Link>
          </p>
        )}
        {loggedIn && !verified && (
          <div className={styles.notice} role="status" data-testid="loan-kyc-notice">
            <p>{user?.kycStatus === 'pending' ? t('loan.kycPending') : t('loan.kycNeeded')}</p>
            <p data-testid="kyc-status">
              {t('account.kyc')}: {t(`account.kycStatus.${user?.kycStatus ?? 'none'}`)}
            </p>
            <Link href="/profile/verification" data-testid="loan-kyc-link">
              {t('loan.verifyNow')}
            </Link>
          </div>
        )}
        {loggedIn && verified && demo && (
          <div className={styles.notice} data-testid="loan-demo">
            <p>{t('loan.demoNote')}</p>
            <div className={surfaces.darkFrame}>
              <ModeSwitch />
            </div>
          </div>
        )}
      </section>
      <div className={styles.layout}>
        <section className={screens.card} aria-labelledby="loan-calc-title">
          {/* the form's own heading (which names its step) arrives with the terms: until then the section keeps its name */}
          {!terms.data && (
            <h2 id="loan-calc-title" className={styles.h2}>
              {t('loan.calcTitle')}
            </h2>
          )}
          <Loadable query={terms}>
            {terms.data && <Borrow terms={terms.data} prices={prices} available={available} canApply={canApply} />}
          </Loadable>
        </section>
        {loggedIn && (
          <section className={screens.card} aria-labelledby="loan-records">
            <h2 id="loan-records" className={styles.h2}>
              {t('loan.records')}
            </h2>
            <Loadable query={loans}>
              {loans.data && terms.data && (
                <MyLoans loans={loans.data.rows} prices={prices} marks={terms.data} availableUsdt={held('USDT')} />
              )}
            </Loadable>
          </section>
        )}
      </div>
    </div>
  );
}
