import { useState, type FormEvent } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../contract/passkeys.ts';
import { formatDateTimeIn } from '../../i18n/format.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { passkeyRegisterFlow } from '../../services/wallet/index.ts';
import { usePasskeys, useRemovePasskey } from '../../services/wallet/index.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from './security.module.css';

/** The account's passkeys: add one (the passkeyRegister flow), see them, remove one (asks first). */
export function PasskeysPanel() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const list = usePasskeys();
  const [name, setName] = useState('');
  const [flow, send] = useFlow(passkeyRegisterFlow, submissionView);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (flow.result) send({ type: 'passkeyRegister.reset' });
    send({ type: 'passkeyRegister.submit', values: { name } });
  };
  const rows = list.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="pk-title" data-testid="passkeys">
      <div className={screens.cardHead}>
        <h2 id="pk-title">{t('protection.passkeys.title')}</h2>
      </div>
      <p className={screens.muted}>{t('protection.passkeys.hint')}</p>
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={screens.note}>{t('protection.passkeys.none')}</p>
        ) : (
          <ul className={screens.list}>
            {rows.map((p) => (
              <PasskeyItem key={p.id} passkey={p} />
            ))}
          </ul>
        )}
      </Loadable>
      <form className={styles.inline} onSubmit={onSubmit} noValidate aria-label={t('protection.passkeys.add')}>
        <label className={screens.field}>
          <span>{t('protection.passkeys.name')}</span>
          <input
            value={name}
            maxLength={60}
            placeholder={t('protection.passkeys.namePlaceholder')}
            onChange={(e) => {
              setName(e.target.value);
              send({ type: 'passkeyRegister.edit' });
            }}
            data-testid="passkey-name"
          />
        </label>
        {flow.refusal && (
          <p className={screens.formError} role="alert" data-testid="passkey-error" data-code={flow.refusal.code ?? ''}>
            {text(flow.refusal)}
          </p>
        )}
        <button type="submit" className={screens.submit} disabled={flow.busy} data-testid="passkey-add">
          {t('protection.passkeys.add')}
        </button>
      </form>
    </section>
  );
}

function PasskeyItem({ passkey: p }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string) => formatDateTimeIn(i18n.language, iso);
  return (
    <li className={styles.item} data-testid="passkey">
      <div className={styles.body}>
        <span className={styles.name}>
          {p.name}
          {p.deviceType === 'multiDevice' ? ` · ${t('protection.passkeys.synced')}` : ''}
        </span>
        <span className={screens.note}>{t('protection.passkeys.created', { time: when(p.createdAt) })}</span>
        <span className={screens.note}>
          {p.lastUsedAt ? t('protection.passkeys.lastUsed', { time: when(p.lastUsedAt) }) : t('protection.passkeys.neverUsed')}
        </span>
      </div>
      {confirming ? (
        <span className={styles.actions}>
          <button
            type="button"
            className={wallet.danger}
            disabled={remove.isPending}
            onClick={() => remove.mutate(p.id)}
            data-testid="passkey-remove-confirm"
          >
            {t('protection.passkeys.removeConfirm')}
          </button>
          <button type="button" className={wallet.secondary} onClick={() => setConfirming(false)}>
            {t('protection.cancel')}
          </button>
        </span>
      ) : (
        <button type="button" className={wallet.secondary} onClick={() => setConfirming(true)} data-testid="passkey-remove">
          {t('protection.passkeys.remove')}
        </button>
      )}
    </li>
  );
}
