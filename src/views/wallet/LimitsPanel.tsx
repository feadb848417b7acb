import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Asset } from '../../contract/constants.ts';
import { formatDateTimeIn } from '../../i18n/format.ts';
import { useWithdrawalLimits } from '../../services/wallet/protectionQueries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { formatMoney } from '../platform/components/Figures.tsx';
import screens from '../platform/styles/screens.module.css';
import styles from '../auth/security.module.css';

const when = (iso: string) => formatDateTimeIn(i18n.language, iso);

/** The withdrawal limits of the account's verification level, per asset: today's and the last 30 days', with what is left. */
export function LimitsPanel() {
  const { t } = useTranslation();
  const limits = useWithdrawalLimits();
  const data = limits.data;
  return (
    <section className={screens.card} aria-labelledby="lim-title" data-testid="limits">
      <div className={screens.cardHead}>
        <h2 id="lim-title">{t('protection.limits.title')}</h2>
      </div>
      <Loadable query={limits}>
        {data && (
          <>
            <p className={screens.muted} data-testid="limits-level">
              {t(`protection.limits.level_${data.level}`)}
            </p>
            <table className={styles.limits}>
              <thead>
                <tr>
                  <th scope="col">{t('protection.limits.asset')}</th>
                  <th scope="col">{t('protection.limits.day')}</th>
                  <th scope="col">{t('protection.limits.month')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.asset}>
                    <th scope="row">{r.asset}</th>
                    <td className="num">
                      {t('protection.limits.left', {
                        left: formatMoney(r.dayLeft, r.asset),
                        limit: formatMoney(r.dayLimit, r.asset),
                      })}
                    </td>
                    <td className="num">
                      {t('protection.limits.left', {
                        left: formatMoney(r.monthLeft, r.asset),
                        limit: formatMoney(r.monthLimit, r.asset),
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={screens.note}>{t('protection.limits.resets', { time: when(data.dayResetsAt) })}</p>
          </>
        )}
      </Loadable>
    </section>
  );
}

/** Under the withdrawal form: what is left of the coin's limit today and over 30 days. */
export function WithdrawalLimitLine({ coin }: { coin: Asset }) {
  const { t } = useTranslation();
  const limits = useWithdrawalLimits();
  const row = limits.data?.rows.find((r) => r.asset === coin);
  if (!limits.data || !row) return null;
  return (
    <small className={screens.note} data-testid="wd-limit">
      {t('protection.limits.todayLeft', {
        coin,
        left: formatMoney(row.dayLeft, coin),
        limit: formatMoney(row.dayLimit, coin),
        time: when(limits.data.dayResetsAt),
        monthLeft: formatMoney(row.monthLeft, coin),
      })}
    </small>
  );
}
