import { useTranslation } from 'react-i18next';
import type { OnChainHolding, ProofAssetLine } from '../../contract/proof.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import { useMediaQuery } from '../platform/components/useMediaQuery.ts';
import styles from './proof.module.css';

/** "1.1199" (4 places) → "111.99": the ratio as a percentage without a float. */
export function percentOf(ratio: string): string {
  const [whole, frac = ''] = ratio.split('.');
  const digits = frac.padEnd(4, '0');
  return `${BigInt(whole + digits.slice(0, 2)).toString()}.${digits.slice(2, 4)}`;
}

const percent = (ratio: string | null) => (ratio ? `${percentOf(ratio)} %` : '—');

/** The on-chain kind: read from the node at the snapshot's block, with the block's hash and a link. */
function OnChainBadge({ c }: { c: OnChainHolding }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <div data-testid="proof-onchain">
      <span className={styles.badge} data-kind="on-chain" data-testid="proof-kind">
        {t('proof.onChainAt', { block: c.block, time: when(c.blockTime) })}
      </span>
      <div className={styles.muted}>
        {t('proof.blockHash')}{' '}
        {c.link ? (
          <a href={c.link} className={styles.hash} dir="ltr" rel="noreferrer" target="_blank" data-testid="proof-block-hash">
            {c.blockHash}
          </a>
        ) : (
          <span className={styles.hash} dir="ltr" data-testid="proof-block-hash">
            {c.blockHash}
          </span>
        )}
      </div>
    </div>
  );
}

/** What the holdings of one asset rest on: the chain's reading, the attested or declared count, or nothing recorded. */
function Kinds({ l }: { l: ProofAssetLine }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <>
      {l.onChain && <OnChainBadge c={l.onChain} />}
      {l.holding ? (
        <>
          <span className={styles.badge} data-kind={l.holding.kind} data-testid="proof-kind">
            {l.holding.kind === 'attested'
              ? t('proof.attestedBy', { attestor: l.holding.attestor, reportRef: l.holding.reportRef })
              : t('proof.declaredOnly')}
          </span>
          <div className={styles.muted}>
            {t('proof.countedAt', { counted: when(l.holding.asOf), recorded: when(l.holding.declaredAt) })}
          </div>
        </>
      ) : (
        !l.onChain && <span className={styles.muted}>{t('proof.noHolding')}</span>
      )}
    </>
  );
}

/** A phone has no room for five columns: below this width each asset is a card of its own. */
const NARROW = '(max-width: 640px)';

/**
 * The public page's assets: the liabilities of the snapshot beside the holdings an operator
 * recorded (attested or declared) and, when the snapshot read them, the platform's wallets on
 * the chain at its block, each with its ratio to the liabilities. A table on a wide screen, a
 * card per asset on a phone, with the same test ids on both.
 */
export function AssetTable({ lines }: { lines: ProofAssetLine[] }) {
  const narrow = useMediaQuery(NARROW);
  return narrow ? <AssetCards lines={lines} /> : <AssetColumns lines={lines} />;
}

function AssetCards({ lines }: { lines: ProofAssetLine[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.cards} data-testid="proof-assets" data-shape="cards">
      {lines.map((l) => (
        <li key={l.asset} className={styles.assetCard} data-testid="proof-asset" data-asset={l.asset}>
          <h3 className={styles.cardTitle}>{l.asset}</h3>
          <dl className={styles.cardFigures}>
            <div>
              <dt>{t('proof.liabilities')}</dt>
              <dd className="num" data-testid="proof-liabilities">
                {formatMoney(l.liabilities, l.asset, { full: true })}
              </dd>
            </div>
            {l.onChain && (
              <div>
                <dt>{t('proof.onChain')}</dt>
                <dd className="num" data-testid="proof-onchain-amount">
                  {formatMoney(l.onChain.amount, l.asset, { full: true })}
                </dd>
              </div>
            )}
            {l.onChain && (
              <div>
                <dt>{t('proof.onChainRatio')}</dt>
                <dd className="num" data-testid="proof-onchain-ratio">
                  {percent(l.onChain.ratio)}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('proof.holdings')}</dt>
              <dd className="num">{l.holding ? formatMoney(l.holding.amount, l.asset, { full: true }) : '—'}</dd>
            </div>
            <div>
              <dt>{t('proof.ratio')}</dt>
              <dd className="num" data-testid="proof-ratio">
                {percent(l.ratio)}
              </dd>
            </div>
          </dl>
          <div className={styles.cardKinds}>
            <Kinds l={l} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function AssetColumns({ lines }: { lines: ProofAssetLine[] }) {
  const { t } = useTranslation();
  const onChain = lines.some((l) => l.onChain);
  return (
    <table className={screens.dataTable} data-testid="proof-assets" data-shape="table">
      <thead>
        <tr>
          <th>{t('proof.asset')}</th>
          <th>{t('proof.liabilities')}</th>
          {onChain && <th>{t('proof.onChain')}</th>}
          {onChain && <th>{t('proof.onChainRatio')}</th>}
          <th>{t('proof.holdings')}</th>
          <th>{t('proof.ratio')}</th>
          <th>{t('proof.status')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.asset} data-testid="proof-asset" data-asset={l.asset}>
            <td data-label={t('proof.asset')}>{l.asset}</td>
            <td data-label={t('proof.liabilities')} className="num" data-testid="proof-liabilities">
              {formatMoney(l.liabilities, l.asset, { full: true })}
            </td>
            {onChain && (
              <td data-label={t('proof.onChain')} className="num" data-testid="proof-onchain-amount">
                {l.onChain ? formatMoney(l.onChain.amount, l.asset, { full: true }) : '—'}
              </td>
            )}
            {onChain && (
              <td data-label={t('proof.onChainRatio')} className="num" data-testid="proof-onchain-ratio">
                {l.onChain ? percent(l.onChain.ratio) : '—'}
              </td>
            )}
            <td data-label={t('proof.holdings')} className="num">
              {l.holding ? formatMoney(l.holding.amount, l.asset, { full: true }) : '—'}
            </td>
            <td data-label={t('proof.ratio')} className="num" data-testid="proof-ratio">
              {percent(l.ratio)}
            </td>
            <td data-label={t('proof.status')}>
              <Kinds l={l} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
