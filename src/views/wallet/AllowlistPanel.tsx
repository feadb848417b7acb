import { useState, type FormEvent } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { NETWORKS, type Network } from '../../contract/wallet.ts';
import type { Allowlist, SavedAddress } from '../../contract/walletProtection.ts';
import { formatDateTimeIn } from '../../i18n/format.ts';
import { confirmedSubmissionView, submissionView } from '../../machines/platform/submission.ts';
import { allowlistAddressFlow, allowlistSwitchFlow } from '../../services/wallet/protectionFlows.ts';
import { useAllowlist, useRemoveAddress } from '../../services/wallet/protectionQueries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import dialog from '../platform/components/dialog.module.css';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../auth/security.module.css';

const when = (iso: string) => formatDateTimeIn(i18n.language, iso);

/**
 * "Withdraw only to saved addresses": the state (on, off, or turning off until a time), the switch
 * (the allowlistSwitch flow, which asks first), the saved addresses with when each is usable, and
 * the form that saves one (the allowlistAddress flow).
 */
export function AllowlistPanel() {
  const { t } = useTranslation();
  const list = useAllowlist();
  return (
    <section className={screens.card} aria-labelledby="al-title" data-testid="allowlist">
      <div className={screens.cardHead}>
        <h2 id="al-title">{t('protection.allowlist.title')}</h2>
      </div>
      <Loadable query={list}>{list.data && <AllowlistBody data={list.data} />}</Loadable>
    </section>
  );
}

function AllowlistBody({ data }: { data: Allowlist }) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [sw, sendSwitch] = useFlow(allowlistSwitchFlow, confirmedSubmissionView);
  const hours = data.delayHours;
  // when a turn-off asked now would take effect, read when the user asks (the dialog states it)
  const [offAtIfNow, setOffAtIfNow] = useState('');
  const state =
    data.status === 'turningOff' && data.offAt
      ? t('protection.allowlist.turningOff', { time: when(data.offAt) })
      : t(`protection.allowlist.${data.status}`);
  const wantOn = data.status !== 'on';
  return (
    <>
      <p className={screens.muted}>{t('protection.allowlist.hint', { hours })}</p>
      <p className={styles.state} data-status={data.status} data-testid="allowlist-status">
        {state}
      </p>
      <button
        type="button"
        className={wallet.secondary}
        disabled={sw.busy}
        onClick={() => {
          setOffAtIfNow(new Date(Date.now() + hours * 3600_000).toISOString());
          if (sw.result) sendSwitch({ type: 'allowlistSwitch.reset' });
          sendSwitch({ type: 'allowlistSwitch.submit', values: { on: wantOn } });
        }}
        data-testid="allowlist-switch"
      >
        {t(wantOn ? 'protection.allowlist.turnOn' : 'protection.allowlist.turnOff')}
      </button>
      {sw.refusal && (
        <p className={screens.formError} role="alert">
          {text(sw.refusal)}
        </p>
      )}
      {sw.confirming && (
        <div className={dialog.overlay}>
          <div className={dialog.dialog} role="dialog" aria-modal="true" aria-labelledby="al-confirm">
            <h2 id="al-confirm">{t(sw.confirming.on ? 'protection.allowlist.turnOn' : 'protection.allowlist.turnOff')}</h2>
            <p>
              {sw.confirming.on
                ? t('protection.allowlist.confirmOn')
                : t('protection.allowlist.confirmOff', { hours, time: offAtIfNow ? when(offAtIfNow) : '' })}
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className={screens.submit}
                disabled={sw.busy}
                onClick={() => sendSwitch({ type: 'allowlistSwitch.confirm' })}
                data-testid="allowlist-confirm"
              >
                {t('protection.confirm')}
              </button>
              <button
                type="button"
                className={wallet.secondary}
                disabled={sw.busy}
                onClick={() => sendSwitch({ type: 'allowlistSwitch.edit' })}
              >
                {t('protection.cancel')}
              </button>
            </div>
          </div>
        </div>
      )}
      {data.addresses.length === 0 ? (
        <p className={screens.note}>{t('protection.allowlist.none')}</p>
      ) : (
        <ul className={screens.list}>
          {data.addresses.map((a) => (
            <AddressItem key={a.id} address={a} />
          ))}
        </ul>
      )}
      <SaveAddressForm />
    </>
  );
}

function AddressItem({ address: a }: { address: SavedAddress }) {
  const { t } = useTranslation();
  const remove = useRemoveAddress();
  return (
    <li className={styles.item} data-testid="saved-address">
      <div className={styles.body}>
        <span className={styles.name}>
          {a.label || a.network} · {a.network}
        </span>
        <span className={styles.address} dir="ltr">
          {a.address}
        </span>
        <span className={screens.note}>
          {a.usable ? t('protection.allowlist.usable') : t('protection.allowlist.usableFrom', { time: when(a.activeAt) })}
        </span>
      </div>
      <button
        type="button"
        className={wallet.secondary}
        disabled={remove.isPending}
        onClick={() => remove.mutate(a.id)}
        data-testid="saved-address-remove"
      >
        {t('protection.allowlist.remove')}
      </button>
    </li>
  );
}

function SaveAddressForm() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [v, setV] = useState<{ network: Network; address: string; label: string }>({ network: 'TRC20', address: '', label: '' });
  const [flow, send] = useFlow(allowlistAddressFlow, submissionView);
  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    send({ type: flow.result ? 'allowlistAddress.reset' : 'allowlistAddress.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'allowlistAddress.submit', values: v });
  };
  return (
    <form
      className={styles.inline}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('protection.allowlist.save')}
      data-testid="allowlist-form"
    >
      <label className={screens.field}>
        <span>{t('protection.allowlist.network')}</span>
        <select value={v.network} onChange={(e) => set('network')(e.target.value)} data-testid="al-network">
          {NETWORKS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className={screens.field}>
        <span>{t('protection.allowlist.address')}</span>
        <input
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          dir="ltr"
          value={v.address}
          onChange={(e) => set('address')(e.target.value)}
          data-testid="al-address"
        />
      </label>
      <label className={screens.field}>
        <span>{t('protection.allowlist.label')}</span>
        <input maxLength={60} value={v.label} onChange={(e) => set('label')(e.target.value)} data-testid="al-label" />
      </label>
      {flow.refusal && (
        <p className={screens.formError} role="alert" data-testid="al-error" data-code={flow.refusal.code ?? ''}>
          {text(flow.refusal)}
        </p>
      )}
      {flow.result && (
        <p className={wallet.success} role="status" data-testid="al-saved">
          {t('protection.allowlist.saved', { time: when(flow.result.activeAt) })}
        </p>
      )}
      <button type="submit" className={screens.submit} disabled={flow.busy} data-testid="al-save">
        {t('protection.allowlist.save')}
      </button>
    </form>
  );
}
