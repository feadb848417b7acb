import { useEffect, useMemo, useState, type FormEvent } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../contract/apiKeys.ts';
import { formatDateTimeIn } from '../../i18n/format.ts';
import type { CreatedApiKey } from '../../machines/auth/apiKeyCreate.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { apiKeyCreateFlow } from '../../services/auth/apiKeyFlows.ts';
import { useApiKeys, useRevokeApiKey } from '../../services/auth/apiKeyQueries.ts';
import { useAllowlist } from '../../services/wallet/index.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import own from './apiKeys.module.css';
import styles from './security.module.css';

/**
 * The account's API keys (docs/api.md): create one (the apiKeyCreate flow; the browser makes the
 * Ed25519 pair unless the user pastes a public key), see them with their last use, revoke one
 * (asks first). `withdraw` is offered only while the withdrawal allowlist applies.
 */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const list = useApiKeys();
  const rows = list.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="ak-title" data-testid="api-keys">
      <div className={screens.cardHead}>
        <h2 id="ak-title">{t('apiKeys.title')}</h2>
      </div>
      <p className={screens.muted}>{t('apiKeys.hint')}</p>
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={screens.note}>{t('apiKeys.none')}</p>
        ) : (
          <ul className={screens.list}>
            {rows.map((k) => (
              <ApiKeyItem key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </Loadable>
      <ApiKeyForm />
    </section>
  );
}

/** The creation form, then the new key in its place until the user is done with it. */
function ApiKeyForm() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const allowlist = useAllowlist();
  const canWithdraw = allowlist.data !== undefined && allowlist.data.status !== 'off';
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [ips, setIps] = useState('');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [flow, send] = useFlow(apiKeyCreateFlow, submissionView);
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      send({ type: 'apiKeyCreate.edit' });
    };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = scopes.filter((s) => s !== 'withdraw' || canWithdraw);
    send({ type: 'apiKeyCreate.submit', values: { name, scopes: chosen, ips, publicKey: publicKey ?? '' } });
  };
  if (flow.result)
    return <CreatedKey created={flow.result as CreatedApiKey} onDone={() => send({ type: 'apiKeyCreate.reset' })} />;
  return (
    <form className={styles.inline} onSubmit={onSubmit} noValidate aria-label={t('apiKeys.create')}>
      <label className={screens.field}>
        <span>{t('apiKeys.name')}</span>
        <input
          value={name}
          maxLength={40}
          placeholder={t('apiKeys.namePlaceholder')}
          onChange={(e) => edited(setName)(e.target.value)}
          data-testid="api-key-name"
        />
      </label>
      <ScopeChoices scopes={scopes} canWithdraw={canWithdraw} onChange={edited(setScopes)} />
      <label className={screens.field}>
        <span>{t('apiKeys.ips')}</span>
        <textarea
          className={own.ips}
          dir="ltr"
          value={ips}
          placeholder="203.0.113.7, 198.51.100.0/24, 2001:db8::/32"
          onChange={(e) => edited(setIps)(e.target.value)}
          data-testid="api-key-ips"
        />
      </label>
      <p className={screens.note}>{t('apiKeys.ipsHint')}</p>
      <OwnPublicKey value={publicKey} onChange={edited(setPublicKey)} />
      {flow.refusal && (
        <p className={screens.formError} role="alert" data-testid="api-key-error" data-code={flow.refusal.code ?? ''}>
          {text(flow.refusal)}
        </p>
      )}
      <button type="submit" className={screens.submit} disabled={flow.busy} data-testid="api-key-create">
        {t('apiKeys.create')}
      </button>
    </form>
  );
}

/** What the key may do; `withdraw` only while the allowlist applies. */
function ScopeChoices(p: { scopes: ApiKeyScope[]; canWithdraw: boolean; onChange: (s: ApiKeyScope[]) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className={own.scopes}>
        <legend>{t('apiKeys.scopes')}</legend>
        {API_KEY_SCOPES.map((s) => {
          const disabled = s === 'withdraw' && !p.canWithdraw;
          return (
            <label key={s} className={own.scope} data-disabled={disabled}>
              <input
                type="checkbox"
                checked={p.scopes.includes(s) && !disabled}
                disabled={disabled}
                onChange={(e) => p.onChange(e.target.checked ? [...p.scopes, s] : p.scopes.filter((x) => x !== s))}
                data-testid={`api-key-scope-${s}`}
              />
              <span>{t(`apiKeys.scope.${s}`)}</span>
            </label>
          );
        })}
      </fieldset>
      <p className={screens.note}>{p.canWithdraw ? t('apiKeys.withdrawHint') : t('apiKeys.withdrawNeedsAllowlist')}</p>
    </>
  );
}

/** The user's own public key instead of a pair the browser makes (null: the browser makes it). */
function OwnPublicKey({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label className={own.scope}>
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? '' : null)}
          data-testid="api-key-own"
        />
        <span>{t('apiKeys.ownKey')}</span>
      </label>
      {value !== null && (
        <label className={screens.field}>
          <span>{t('apiKeys.publicKey')}</span>
          <input
            value={value}
            maxLength={100}
            className={own.code}
            dir="ltr"
            onChange={(e) => onChange(e.target.value)}
            data-testid="api-key-public"
          />
        </label>
      )}
    </>
  );
}

/** The new key: its id, and the private key the browser made, offered for download this once. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const url = useMemo(
    () =>
      created.privateKeyPem ? URL.createObjectURL(new Blob([created.privateKeyPem], { type: 'application/x-pem-file' })) : null,
    [created.privateKeyPem],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return (
    <div className={own.created} role="status" data-testid="api-key-created">
      <strong>{t('apiKeys.created')}</strong>
      <span>
        {t('apiKeys.keyId')}:{' '}
        <code className={own.code} dir="ltr" data-testid="api-key-created-id">
          {created.key.id}
        </code>
      </span>
      {url ? (
        <>
          <p className={screens.note}>{t('apiKeys.downloadOnce')}</p>
          <a
            className={`${screens.submit} ${own.download}`}
            href={url}
            download={`${created.key.id}.pem`}
            data-testid="api-key-download"
          >
            {t('apiKeys.download')}
          </a>
        </>
      ) : (
        <p className={screens.note}>{t('apiKeys.ownKeyCreated')}</p>
      )}
      <button type="button" className={wallet.secondary} onClick={onDone} data-testid="api-key-done">
        {t('apiKeys.done')}
      </button>
    </div>
  );
}

/** Addresses read left to right inside a right-to-left sentence (Unicode isolates), so `2001:db8::/32` stays itself. */
const ltr = (s: string) => `\u2066${s}\u2069`;

function ApiKeyItem({ apiKey: k }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string) => formatDateTimeIn(i18n.language, iso);
  const revoked = k.revokedAt !== null;
  return (
    <li className={`${styles.item} ${revoked ? own.revoked : ''}`} data-testid="api-key" data-id={k.id} data-revoked={revoked}>
      <div className={styles.body}>
        <span className={styles.name}>
          {k.name} · {k.scopes.map((s) => t(`apiKeys.scope.${s}`)).join(', ')}
        </span>
        <span className={`${screens.note} ${own.code}`}>{ltr(k.id)}</span>
        <span className={screens.note}>
          {k.ips.length ? t('apiKeys.onlyFrom', { ips: ltr(k.ips.join(', ')) }) : t('apiKeys.anyAddress')}
        </span>
        <span className={screens.note}>
          {k.lastUsedAt
            ? t('apiKeys.lastUsed', { time: when(k.lastUsedAt), ip: ltr(k.lastUsedIp ?? '') })
            : t('apiKeys.neverUsed')}
        </span>
        <span className={screens.note}>
          {revoked ? t('apiKeys.revokedAt', { time: when(k.revokedAt!) }) : t('apiKeys.createdAt', { time: when(k.createdAt) })}
        </span>
      </div>
      {revoked ? null : confirming ? (
        <span className={styles.actions}>
          <button
            type="button"
            className={wallet.danger}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(k.id)}
            data-testid="api-key-revoke-confirm"
          >
            {t('apiKeys.revokeConfirm')}
          </button>
          <button type="button" className={wallet.secondary} onClick={() => setConfirming(false)}>
            {t('protection.cancel')}
          </button>
        </span>
      ) : (
        <button type="button" className={wallet.secondary} onClick={() => setConfirming(true)} data-testid="api-key-revoke">
          {t('apiKeys.revoke')}
        </button>
      )}
    </li>
  );
}
