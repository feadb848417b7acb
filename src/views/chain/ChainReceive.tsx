import { useTranslation } from 'react-i18next';
import type { ChainAddress } from '../../contract/chain.ts';
import { copyText } from '../platform/components/recordParts.tsx';
import money from '../platform/styles/money.module.css';
import styles from './chain.module.css';

/**
 * A watched network's receive block: the customer's OWN address (its QR code, a copy button), the
 * minimum and the confirmations it is credited after. No claim and no screenshot: the watcher sees
 * the transfer on the chain by itself (docs/wallet.md, "Deposits from the chain").
 */
export function ChainReceive({ address }: { address: ChainAddress }) {
  const { t } = useTranslation();
  const { coin, network } = address;
  return (
    <div className={styles.receive} data-testid="chain-receive" data-coin={coin} data-network={network}>
      <div className={money.receive}>
        <img className={money.qr} src={address.qr} alt={t('wallet.qrAlt', { coin, network })} data-testid="chain-qr" />
        <div className={money.address}>
          <span className={money.hint}>{t('chain.deposit.ownAddress', { coin, network })}</span>
          <code data-testid="chain-address">{address.address}</code>
          <button
            type="button"
            className={money.secondary}
            onClick={() => copyText(address.address, { ok: t('wallet.copySuccess'), failed: t('wallet.copyError') })}
            data-testid="chain-copy"
          >
            {t('account.copy')}
          </button>
        </div>
      </div>
      <ul className={styles.facts}>
        <li data-testid="chain-min">{t('wallet.minDeposit', { amount: address.minAmount, coin })}</li>
        <li data-testid="chain-confirmations">{t('chain.deposit.creditedAfter', { n: address.confirmations })}</li>
        <li>{t('chain.deposit.noClaim')}</li>
        <li>{t('chain.deposit.onlyNetwork', { coin, network })}</li>
      </ul>
    </div>
  );
}
