import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListNewNftBody, NftChain, NftSaleType } from '../../contract/nfts.ts';
import { useCharityPayout, useDonations, useListNewNft } from '../../services/nfts/queries.ts';
import { toast } from '../../services/platform/toast.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { formatMoney } from '../platform/components/Figures.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';
import own from './NftConsole.module.css';

const money = (v: string) => `${formatMoney(v, 'USDT', { full: true })} USDT`;
// the contract's list, repeated as a type-checked constant so the console bundles no schema builder
const NFT_CHAINS: readonly NftChain[] = ['Ethereum', 'Polygon'];

/**
 * NFTs in the console: list a new charity NFT and record payouts to the charity. Both are
 * audited by the service; operators never set a price paid, an owner or a balance. Refusals show
 * beside the form that made them.
 */
export function NftConsole() {
  return (
    <>
      <ListForm />
      <PayoutForm />
    </>
  );
}

interface Draft {
  name: string;
  creator: string;
  chain: NftChain;
  contractAddress: string;
  tokenId: string;
  verified: boolean;
  saleType: NftSaleType;
  price: string;
  hours: string;
}
const EMPTY: Draft = {
  name: '',
  creator: '',
  chain: 'Ethereum',
  contractAddress: '',
  tokenId: '',
  verified: false,
  saleType: 'buy_now',
  price: '',
  hours: '72',
};

function ListForm() {
  const { t } = useTranslation();
  const list = useListNewNft();
  const [d, setD] = useState<Draft>(EMPTY);
  const set = (k: keyof Draft) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const v = e.target instanceof HTMLInputElement && e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    setD((x) => ({ ...x, [k]: v }));
    list.reset();
  };
  const submit = () => {
    const auction = d.saleType === 'auction';
    // the client key is the mutation's (services/queries/keyed.ts)
    const body: Omit<ListNewNftBody, 'clientKey'> = {
      name: d.name.trim(),
      creator: d.creator.trim(),
      chain: d.chain,
      contractAddress: d.contractAddress.trim(),
      tokenId: d.tokenId.trim(),
      verified: d.verified,
      saleType: d.saleType,
      ...(auction
        ? { reservePrice: d.price.trim(), endTime: new Date(Date.now() + Number(d.hours || '0') * 3_600_000).toISOString() }
        : { price: d.price.trim() }),
    };
    list.mutate(body, {
      onSuccess: (nft) => {
        setD(EMPTY);
        toast(t('nfts.admin.listed', { name: nft.name }), 'success');
      },
    });
  };
  return (
    <section className={screens.card} aria-labelledby="adm-nft-list" data-testid="admin-nft-list">
      <div className={screens.cardHead}>
        <h2 id="adm-nft-list">{t('nfts.admin.list')}</h2>
      </div>
      <form
        className={own.fields}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="nft-list-form"
      >
        <label>
          <span>{t('nfts.admin.name')}</span>
          <input
            className={styles.cellInput}
            value={d.name}
            required
            maxLength={80}
            onChange={set('name')}
            data-testid="nft-l-name"
          />
        </label>
        <label>
          <span>{t('nfts.creator')}</span>
          <input
            className={styles.cellInput}
            value={d.creator}
            required
            maxLength={80}
            onChange={set('creator')}
            data-testid="nft-l-creator"
          />
        </label>
        <label>
          <span>{t('nfts.chain')}</span>
          <select className={styles.cellInput} value={d.chain} onChange={set('chain')} data-testid="nft-l-chain">
            {NFT_CHAINS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('nfts.contract')}</span>
          <input
            className={styles.cellInput}
            value={d.contractAddress}
            required
            dir="ltr"
            maxLength={42}
            onChange={set('contractAddress')}
            data-testid="nft-l-contract"
          />
        </label>
        <label>
          <span>{t('nfts.tokenId')}</span>
          <input
            className={styles.cellInput}
            value={d.tokenId}
            required
            dir="ltr"
            inputMode="numeric"
            maxLength={40}
            onChange={set('tokenId')}
            data-testid="nft-l-token"
          />
        </label>
        <label>
          <span>{t('nfts.admin.saleType')}</span>
          <select className={styles.cellInput} value={d.saleType} onChange={set('saleType')} data-testid="nft-l-sale">
            <option value="buy_now">{t('nfts.filter.buyNow')}</option>
            <option value="auction">{t('nfts.filter.auction')}</option>
          </select>
        </label>
        <label>
          <span>{t(d.saleType === 'auction' ? 'nfts.reserve' : 'nfts.price')}</span>
          <input
            className={styles.cellInput}
            value={d.price}
            required
            inputMode="decimal"
            dir="ltr"
            maxLength={30}
            onChange={set('price')}
            data-testid="nft-l-price"
          />
        </label>
        {d.saleType === 'auction' && (
          <label>
            <span>{t('nfts.admin.hours')}</span>
            <input
              className={styles.cellInput}
              value={d.hours}
              required
              inputMode="numeric"
              dir="ltr"
              maxLength={4}
              onChange={set('hours')}
              data-testid="nft-l-hours"
            />
          </label>
        )}
        <label>
          <input type="checkbox" checked={d.verified} onChange={set('verified')} data-testid="nft-l-verified" />{' '}
          <span>{t('nfts.verified')}</span>
        </label>
        <button type="submit" className={wallet.secondary} disabled={list.isPending} data-testid="nft-l-submit">
          {t('nfts.admin.submit')}
        </button>
        {list.error && (
          <p className={`${styles.refusal} ${styles.fullRow}`} role="alert" data-testid="nft-l-error">
            {list.error.message}
          </p>
        )}
      </form>
      <p className={wallet.hint}>{t('nfts.admin.hint')}</p>
    </section>
  );
}

function PayoutForm() {
  const { t } = useTranslation();
  const donations = useDonations();
  const payout = useCharityPayout();
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [note, setNote] = useState('');
  const edit = (setter: (v: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    setter(e.target.value);
    payout.reset();
  };
  const d = donations.data;
  return (
    <section className={screens.card} aria-labelledby="adm-nft-payouts" data-testid="admin-nft-payouts">
      <div className={screens.cardHead}>
        <h2 id="adm-nft-payouts">{t('nfts.admin.payouts')}</h2>
      </div>
      <Loadable query={donations}>
        {d && (
          <dl className={`${screens.kv} ${own.figures}`}>
            <div>
              <dt>{t('nfts.donations.total')}</dt>
              <dd className="num">{money(d.totalDonated)}</dd>
            </div>
            <div>
              <dt>{t('nfts.donations.paidOut')}</dt>
              <dd className="num">{money(d.totalPaidOut)}</dd>
            </div>
            <div>
              <dt>{t('nfts.donations.pending')}</dt>
              <dd className="num" data-testid="adm-charity-pending">
                {money(d.pending)}
              </dd>
            </div>
          </dl>
        )}
      </Loadable>
      <form
        className={own.fields}
        onSubmit={(e) => {
          e.preventDefault();
          payout.mutate(
            { amount: amount.trim(), txHash: txHash.trim(), note: note.trim() },
            {
              onSuccess: () => {
                setAmount('');
                setTxHash('');
                setNote('');
                toast(t('nfts.admin.recorded'), 'success');
              },
            },
          );
        }}
        data-testid="nft-payout-form"
      >
        <label>
          <span>{t('nfts.donations.amount')}</span>
          <input
            className={styles.cellInput}
            value={amount}
            required
            inputMode="decimal"
            dir="ltr"
            maxLength={30}
            onChange={edit(setAmount)}
            data-testid="nft-p-amount"
          />
        </label>
        <label>
          <span>{t('nfts.admin.txHash')}</span>
          <input
            className={styles.cellInput}
            value={txHash}
            required
            dir="ltr"
            maxLength={100}
            onChange={edit(setTxHash)}
            data-testid="nft-p-hash"
          />
        </label>
        <label>
          <span>{t('admin.smart.note')}</span>
          <input className={styles.cellInput} value={note} maxLength={500} onChange={edit(setNote)} data-testid="nft-p-note" />
        </label>
        <button type="submit" className={wallet.secondary} disabled={payout.isPending} data-testid="nft-p-submit">
          {t('nfts.admin.record')}
        </button>
        {payout.error && (
          <p className={`${styles.refusal} ${styles.fullRow}`} role="alert" data-testid="nft-p-error">
            {payout.error.message}
          </p>
        )}
      </form>
    </section>
  );
}
