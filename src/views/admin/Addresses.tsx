import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS, type Asset } from '../../contract/constants.ts';
import type { Network } from '../../contract/wallet.ts';
import { adminApi, type AdminDepositAddress } from '../../services/adminApi.ts';
import { toast } from '../../services/toast.ts';
import { useAction, useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import styles from './admin.module.css';

// the networks each coin travels on (contract/wallet.ts COIN_NETWORKS; repeated here as a type-checked
// literal so this chunk does not pull the TypeBox builders that module also holds)
const COIN_NETWORKS: Record<Asset, readonly Network[]> = { USDT: ['TRC20', 'ERC20'], BTC: ['BTC'], ETH: ['ERC20'] };

/** Receive addresses users deposit to: add (checked by the server for the network), edit, disable, delete. */
export function Addresses() {
  const { t } = useTranslation();
  const list = useResource((_: null, signal) => adminApi.addresses(signal), null);
  const rows = list.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-addr" data-testid="admin-addresses">
      <div className={screens.cardHead}>
        <h2 id="adm-addr">{t('admin.sections.addresses')}</h2>
      </div>
      <AddAddress onAdded={list.reload} />
      <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload}>
        {rows.length === 0 ? (
          <p className={screens.muted} data-testid="empty">{t('admin.empty')}</p>
        ) : (
          <div className={wallet.tableWrap}>
            <table className={`${screens.dataTable} ${styles.cards}`}>
              <thead><tr><th>{t('admin.asset')}</th><th>{t('wallet.address')}</th><th>{t('account.statusLabel')}</th><th>{t('admin.actions')}</th></tr></thead>
              <tbody>
                {rows.map((a) => <AddressRow key={a.id} row={a} onChanged={list.reload} />)}
              </tbody>
            </table>
          </div>
        )}
      </Loadable>
    </section>
  );
}

function AddAddress({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [coin, setCoin] = useState<Asset>('USDT');
  const [network, setNetwork] = useState<Network>('TRC20');
  const [address, setAddress] = useState('');
  const add = useAction(
    (_, signal) => adminApi.addAddress({ coin, network, address }, signal),
    () => {
      setAddress('');
      toast(t('admin.saved'), 'success');
      onAdded();
    },
  );
  return (
    <form
      className={styles.addForm}
      onSubmit={(e) => {
        e.preventDefault();
        add.edit();
        add.submit({});
      }}
      data-testid="address-form"
    >
      <label>
        <span>{t('admin.coin')}</span>
        <select value={coin} onChange={(e) => { const c = e.target.value as Asset; setCoin(c); setNetwork(COIN_NETWORKS[c][0]); }} data-testid="addr-coin">
          {ASSETS.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      <label>
        <span>{t('admin.network')}</span>
        <select value={network} onChange={(e) => setNetwork(e.target.value as Network)} data-testid="addr-network">
          {COIN_NETWORKS[coin].map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <label>
        <span>{t('wallet.address')}</span>
        <input value={address} required maxLength={120} dir="ltr" spellCheck={false} onChange={(e) => { setAddress(e.target.value); add.edit(); }} data-testid="addr-address" />
      </label>
      <button type="submit" className={wallet.secondary} disabled={add.busy} data-testid="addr-add">{t('admin.add')}</button>
      {add.error && <p className={styles.refusal} role="alert" data-testid="addr-error" style={{ gridColumn: '1 / -1' }}>{add.error}</p>}
    </form>
  );
}

function AddressRow({ row, onChanged }: { row: AdminDepositAddress; onChanged: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(row.address);
  const [deleting, setDeleting] = useState(false);
  const save = useAction(
    (v, signal): Promise<unknown> => (v.op === 'delete' ? adminApi.deleteAddress(row.id, signal) : adminApi.updateAddress(row.id, v.op === 'toggle' ? { enabled: !row.enabled } : { address: value }, signal)),
    () => {
      setEditing(false);
      setDeleting(false);
      toast(t('admin.saved'), 'success');
      onChanged();
    },
  );
  const run = (op: string) => { save.edit(); save.submit({ op }); };
  return (
    <tr data-testid="address-row" data-id={row.id} data-enabled={row.enabled} data-address={row.address}>
      <td data-label={t('admin.asset')}>{row.coin}<br /><span className={wallet.hint}>{row.network}</span></td>
      <td data-label={t('wallet.address')} className={wallet.mono}>
        {editing ? (
          <input className={styles.cellInput} value={value} maxLength={120} dir="ltr" aria-label={t('wallet.address')} onChange={(e) => setValue(e.target.value)} data-testid="addr-edit-input" />
        ) : (
          <span style={{ overflowWrap: 'anywhere' }}>{row.address}</span>
        )}
        {save.error && <span className={styles.refusal} role="alert" data-testid="addr-row-error">{save.error}</span>}
      </td>
      <td data-label={t('account.statusLabel')}><span className={wallet.status} data-tone={row.enabled ? 'good' : 'none'}>{t(row.enabled ? 'admin.enabled' : 'admin.disabled')}</span></td>
      <td data-label={t('admin.actions')}>
        <div className={styles.rowActions}>
          {editing ? (
            <>
              <button type="button" className={wallet.secondary} disabled={save.busy} onClick={() => run('address')} data-testid="addr-save">{t('admin.save')}</button>
              <button type="button" className={wallet.secondary} onClick={() => { setEditing(false); setValue(row.address); save.edit(); }}>{t('wallet.cancel')}</button>
            </>
          ) : deleting ? (
            <>
              <button type="button" className={wallet.danger} disabled={save.busy} onClick={() => run('delete')} data-testid="addr-delete-confirm">{t('admin.deleteConfirm')}</button>
              <button type="button" className={wallet.secondary} onClick={() => setDeleting(false)}>{t('wallet.cancel')}</button>
            </>
          ) : (
            <>
              <button type="button" className={wallet.secondary} onClick={() => setEditing(true)} data-testid="addr-edit">{t('admin.edit')}</button>
              <button type="button" className={wallet.secondary} disabled={save.busy} onClick={() => run('toggle')} data-testid="addr-toggle">{t(row.enabled ? 'admin.disable' : 'admin.enable')}</button>
              <button type="button" className={wallet.danger} onClick={() => setDeleting(true)} data-testid="addr-delete">{t('admin.delete')}</button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
