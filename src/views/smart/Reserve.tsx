import { useTranslation } from 'react-i18next';
import type { ReserveSummary } from '../../contract/smart.ts';
import { pct, usdt } from '../platform/components/moneyFormat.ts';
import screens from '../platform/styles/screens.module.css';
import styles from './smart.module.css';

/**
 * The public reserve figures: what is left to back new plans, what is set aside for running
 * ones and how much of the yield still owed that covers (1 = 100 %: anything else would show);
 * next to the coverage, the house capital behind it as operators declared it and how much of
 * that is attested (issue 32), then in plain words what the coverage means and what it does not.
 */
export function ReserveFigures({ reserve }: { reserve: ReserveSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className={`${screens.kv} ${styles.figures}`} data-testid="smart-reserve">
        <div>
          <dt>{t('smart.reserve.balance')}</dt>
          <dd className="num" data-testid="reserve-balance">
            {usdt(reserve.balance)}
          </dd>
        </div>
        <div>
          <dt>{t('smart.reserve.committed')}</dt>
          <dd className="num" data-testid="reserve-committed">
            {usdt(reserve.committedYield)}
          </dd>
        </div>
        <div>
          <dt>{t('smart.reserve.coverage')}</dt>
          <dd className="num" data-testid="reserve-coverage">
            {pct(reserve.coverage)}
          </dd>
        </div>
        <div>
          <dt>{t('smart.reserve.declared')}</dt>
          <dd className="num" data-testid="reserve-declared">
            {usdt(reserve.declaredCapital)}
          </dd>
        </div>
        <div>
          <dt>{t('smart.reserve.attested')}</dt>
          <dd className="num" data-testid="reserve-attested" data-none={reserve.attestedHoldings === null}>
            {reserve.attestedHoldings === null ? t('smart.reserve.noneAttested') : usdt(reserve.attestedCapital)}
          </dd>
        </div>
        <div>
          <dt>{t('smart.reserve.running')}</dt>
          <dd className="num">{reserve.runningPlans}</dd>
        </div>
      </dl>
      <details className={styles.meaning} data-testid="reserve-meaning" open>
        <summary>{t('smart.reserve.meaningTitle')}</summary>
        <p>{t('smart.reserve.meaning')}</p>
      </details>
    </>
  );
}

/** What the yield is and is not: said on the page, before anyone buys. */
export function Disclosure() {
  const { t } = useTranslation();
  return (
    <aside className={styles.disclosure} data-testid="smart-disclosure" aria-label={t('smart.disclosureTitle')}>
      <strong>{t('smart.disclosureTitle')}</strong>
      <p>{t('smart.disclosure')}</p>
    </aside>
  );
}
