import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS, type Asset } from '../../contract/constants.ts';
import type { Network } from '../../contract/wallet.ts';
import {
  useAddAddress,
  useAdminAddresses,
  useDeleteAddress,
  useUpdateAddress,
  type AdminDepositAddress,
} from '../../services/admin/index.ts';
import { toast } from '../../services/platform/toast.ts';
import { CardsTable } from '../platform/components/CardsTable.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

// the networks each coin travels on (contract/wallet.ts COIN_NETWORKS; repeated here as a type-checked
// literal so this chunk does not pull the TypeBox builders that module also holds)
const COIN_NETWORKS: Record<Asset, readonly Network[]> = { USDT: ['TRC20', 'ERC20'], BTC: ['BTC'], ETH: ['ERC20'] };

/**
 * Receive addresses users deposit to: add (checked by the server for the network), edit, disable,
 * delete. Each change asks for the list again when it succeeded (the mutation hooks invalidate it).
 */
export function Addresses() {
  const { t } = useTranslation();
  const list = useAdminAddresses();
  const rows = list.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-addr" data-testid="admin-addresses">
      <div className={screens.cardHead}>
        <h2 id="adm-addr">{t('admin.sections.addresses')}</h2>
      </div>
      <AddAddress />
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={screens.muted} data-testid="empty">
            {t('admin.empty')}
          </p>
        ) : (
          <CardsTable scroll heads={[t('admin.asset'), t('wallet.address'), t('account.statusLabel'), t('admin.actions')]}>
            {rows.map((a) => (
              <AddressRow key={a.id} row={a} />
            ))}
          </CardsTable>
        )}
      </Loadable>
    </section>
  );
}

function AddAddress() {
  const { t } = useTranslation();
  const [coin, setCoin] = useState<Asset>('USDT');
  const [network, setNetwork] = useState<Network>('TRC20');
  const [address, setAddress] = useState('');
  const add = useAddAddress();
  return (
    <form
      className={styles.addForm}
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { coin, network, address },
          {
            onSuccess: () => {
              setAddress('');
              toast(t('admin.saved'), 'success');
            },
          },
        );
      }}
      data-testid="address-form"
    >
      <label>
        <span>{t('admin.coin')}</span>
        <select
          value={coin}
          onChange={(e) => {
            const c = e.target.value as Asset;
            setCoin(c);
            setNetwork(COIN_NETWORKS[c][0]);
          }}
          data-testid="addr-coin"
        >
          {ASSETS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('admin.network')}</span>
        <select value={network} onChange={(e) => setNetwork(e.target.value as Network)} data-testid="addr-network">
          {COIN_NETWORKS[coin].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('wallet.address')}</span>
        <input
          value={address}
          required
          maxLength={120}
          dir="ltr"
          spellCheck={false}
          onChange={(e) => {
            setAddress(e.target.value);
            add.reset();
          }}
          data-testid="addr-address"
        />
      </label>
      <button type="submit" className={wallet.secondary} disabled={add.isPending} data-testid="addr-add">
        {t('admin.add')}
      </button>
      {add.error && (
        <p className={`${styles.refusal} ${styles.fullRow}`} role="alert" data-testid="addr-error">
          {add.error.message}
        </p>
      )}
    </form>
  );
}

function AddressRow({ row }: { row: AdminDepositAddress }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(row.address);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const saved = {
    onSuccess: () => {
      setEditing(false);
      setDeleting(false);
      toast(t('admin.saved'), 'success');
    },
  };
  const run = (op: 'address' | 'toggle' | 'delete') => {
    update.reset();
    remove.reset();
    if (op === 'delete') remove.mutate(row.id, saved);
    else update.mutate(op === 'toggle' ? { id: row.id, enabled: !row.enabled } : { id: row.id, address: value }, saved);
  };
  const busy = update.isPending || remove.isPending;
  const error = update.error ?? remove.error;
  return (
    <tr data-testid="address-row" data-id={row.id} data-enabled={row.enabled} data-address={row.address}>
      <td data-label={t('admin.asset')}>
        {row.coin}
        <br />
        <span className={wallet.hint}>{row.network}</span>
      </td>
      <td data-label={t('wallet.address')} className={wallet.mono}>
        {editing ? (
          <input
            className={styles.cellInput}
            value={value}
            maxLength={120}
            dir="ltr"
            aria-label={t('wallet.address')}
            onChange={(e) => setValue(e.target.value)}
            data-testid="addr-edit-input"
          />
        ) : (
          <span className={styles.anywhere}>{row.address}</span>
        )}
        {error && (
          <span className={styles.refusal} role="alert" data-testid="addr-row-error">
            {error.message}
          </span>
        )}
      </td>
      <td data-label={t('account.statusLabel')}>
        <span className={wallet.status} data-tone={row.enabled ? 'good' : 'none'}>
          {t(row.enabled ? 'admin.enabled' : 'admin.disabled')}
        </span>
      </td>
      <td data-label={t('admin.actions')}>
        <div className={styles.rowActions}>
          {editing ? (
            <>
              <button
                type="button"
                className={wallet.secondary}
                disabled={busy}
                onClick={() => run('address')}
                data-testid="addr-save"
              >
                {t('admin.save')}
              </button>
              <button
                type="button"
                className={wallet.secondary}
                onClick={() => {
                  setEditing(false);
                  setValue(row.address);
                  update.reset();
                }}
              >
                {t('wallet.cancel')}
              </button>
            </>
          ) : deleting ? (
            <>
              <button
                type="button"
                className={wallet.danger}
                disabled={busy}
                onClick={() => run('delete')}
                data-testid="addr-delete-confirm"
              >
                {t('admin.deleteConfirm')}
              </button>
              <button type="button" className={wallet.secondary} onClick={() => setDeleting(false)}>
                {t('wallet.cancel')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className={wallet.secondary} onClick={() => setEditing(true)} data-testid="addr-edit">
                {t('admin.edit')}
              </button>
              <button
                type="button"
                className={wallet.secondary}
                disabled={busy}
                onClick={() => run('toggle')}
                data-testid="addr-toggle"
              >
                {t(row.enabled ? 'admin.disable' : 'admin.enable')}
              </button>
              <button type="button" className={wallet.danger} onClick={() => setDeleting(true)} data-testid="addr-delete">
                {t('admin.delete')}
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
