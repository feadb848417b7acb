import { useTranslation } from 'react-i18next';
import type { ChainAddress } from '../../contract/chain.ts';
import styles from './chain.module.css';

/** Where the claim form stands on an unwatched network: what happens instead, in three sentences. */
export function ChainAuto({ address }: { address: ChainAddress }) {
  const { t } = useTranslation();
  return (
    <div className={styles.auto} data-testid="chain-auto">
      <h3>{t('chain.deposit.autoTitle')}</h3>
      <p>{t('chain.deposit.autoSeen', { coin: address.coin })}</p>
      <p>{t('chain.deposit.autoCredited', { n: address.confirmations })}</p>
    </div>
  );
}
