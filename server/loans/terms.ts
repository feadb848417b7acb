/**
 * The loan terms (docs/loans.md): defaults that the deployment may change through the
 * configuration (`config.loanTerms`), never per user. A loan copies them at submission.
 */
import Decimal from 'decimal.js';
import type { Language } from '../../src/contract/constants.ts';
import type { CollateralAsset, LoanTerms } from '../../src/contract/loans.ts';
import { AGREEMENT_VERSION, agreementText } from './agreement.ts';

export interface LoanTermsConfig {
  days: number[];
  dailyRate: string;
  interestFreeDays: number;
  overlayRate: string;
  initialLtv: string;
  warningLtv: string;
  marginCallLtv: string;
  liquidationLtv: string;
  liquidationFee: string;
  liquidationOverdueDays: number;
  minAmount: string;
  maxAmount: string;
  collateralAssets: CollateralAsset[];
}

export const DEFAULT_LOAN_TERMS: LoanTermsConfig = {
  days: [7, 14, 30, 60, 90],
  dailyRate: '0.0005',
  interestFreeDays: 3,
  overlayRate: '0.001',
  initialLtv: '0.65',
  warningLtv: '0.7',
  marginCallLtv: '0.75',
  liquidationLtv: '0.83',
  liquidationFee: '0.02',
  liquidationOverdueDays: 7,
  minAmount: '100',
  maxAmount: '200000',
  collateralAssets: ['BTC', 'ETH'],
};

declare module '../platform/config.ts' {
  interface Config {
    /** Loan terms over the defaults (server/loans/terms.ts). */
    loanTerms?: Partial<LoanTermsConfig>;
    /** How often the leader accrues interest and checks LTVs (default 15 s). */
    loansTickMs?: number;
  }
}

export function resolveTerms(over: Partial<LoanTermsConfig> | undefined): LoanTermsConfig {
  const t = { ...DEFAULT_LOAN_TERMS, ...over };
  const ordered = [t.initialLtv, t.warningLtv, t.marginCallLtv, t.liquidationLtv].map((v) => new Decimal(v));
  if (!ordered.every((v, i) => i === 0 || v.gt(ordered[i - 1])) || ordered[3].gte(1)) {
    throw new Error('loan terms: initial < warning < margin call < liquidation LTV < 1 is required');
  }
  return t;
}

const pct = (fraction: string) => new Decimal(fraction).mul(100).toFixed();

export function termsView(t: LoanTermsConfig, lang: Language): LoanTerms {
  return {
    days: t.days,
    dailyRate: t.dailyRate,
    interestFreeDays: t.interestFreeDays,
    overlayRate: t.overlayRate,
    initialLtv: t.initialLtv,
    warningLtv: t.warningLtv,
    marginCallLtv: t.marginCallLtv,
    liquidationLtv: t.liquidationLtv,
    liquidationFee: t.liquidationFee,
    liquidationOverdueDays: t.liquidationOverdueDays,
    minAmount: new Decimal(t.minAmount).toFixed(6),
    maxAmount: new Decimal(t.maxAmount).toFixed(6),
    collateralAssets: t.collateralAssets,
    agreementVersion: AGREEMENT_VERSION,
    agreementLanguage: lang,
    agreementText: agreementText(lang, {
      dailyRate: pct(t.dailyRate),
      free: String(t.interestFreeDays),
      overlay: pct(t.overlayRate),
      initial: pct(t.initialLtv),
      warning: pct(t.warningLtv),
      marginCall: pct(t.marginCallLtv),
      liquidation: pct(t.liquidationLtv),
      fee: pct(t.liquidationFee),
      overdueDays: String(t.liquidationOverdueDays),
    }),
  };
}
