import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import type { LoanTerms } from '../../contract/loans.ts';
import styles from './loans.module.css';

const pctOf = (fraction: string) => new Decimal(fraction).mul(100).toDecimalPlaces(2).toNumber();

/**
 * The LTV on a bar from 0 to 100 %, with the marks that matter: the initial limit, the warning,
 * the margin call and the liquidation. A meter for assistive technology; the marks are labelled.
 */
export function LtvGauge({
  ltv,
  terms,
}: {
  ltv: string | null;
  terms: Pick<LoanTerms, 'initialLtv' | 'warningLtv' | 'marginCallLtv' | 'liquidationLtv'>;
}) {
  const { t } = useTranslation();
  const value = ltv === null ? null : Math.min(100, pctOf(ltv));
  const level =
    value === null ? 'none' : value >= pctOf(terms.liquidationLtv) ? 'danger' : value >= pctOf(terms.warningLtv) ? 'warn' : 'ok';
  const marks: Array<[string, string]> = [
    ['initial', terms.initialLtv],
    ['warning', terms.warningLtv],
    ['marginCall', terms.marginCallLtv],
    ['liquidation', terms.liquidationLtv],
  ];
  return (
    <div className={styles.gauge} data-testid="ltv-gauge" data-level={level}>
      <div className={styles.gaugeHead}>
        <span id="ltv-label">{t('loan.ltv')}</span>
        <strong className="num" data-testid="ltv-value">
          {value === null ? '—' : `${value} %`}
        </strong>
      </div>
      <div
        className={styles.gaugeBar}
        role="meter"
        aria-labelledby="ltv-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={value === null ? t('loan.noPrice') : `${value} %`}
      >
        {/* drawn left to right; the stylesheet mirrors it in right-to-left languages */}
        <svg className={styles.gaugeSvg} viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect className={styles.gaugeTrack} x="0" y="0" width="100" height="10" />
          {value !== null && <rect className={styles.gaugeFill} data-level={level} x="0" y="0" width={value} height="10" />}
          {marks.map(([k, v]) => (
            <rect key={k} className={styles.gaugeMark} data-mark={k} x={pctOf(v) - 0.4} y="0" width="0.8" height="10" />
          ))}
        </svg>
      </div>
      <ul className={styles.gaugeLegend}>
        {marks.map(([k, v]) => (
          <li key={k} data-mark={k}>
            <span className="num">{pctOf(v)} %</span> {t(`loan.marks.${k}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
