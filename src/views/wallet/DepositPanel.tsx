import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Err } from '../../contract/errors.ts';
import type { Asset } from '../../contract/constants.ts';
import type { Network } from '../../contract/wallet.ts';
import type { DepositValues } from '../../machines/wallet/depositForm.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { depositFlow } from '../../services/wallet/flows.ts';
import { useDepositAddresses } from '../../services/wallet/queries.ts';
import { ChainAuto, ChainDeposits, ChainReceive, useChainAddresses } from '../chain/index.ts';
import { trimDecimal } from '../../services/platform/userEventText.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { copyText } from '../platform/components/recordParts.tsx';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/styles/money.module.css';

const ACCEPT = '.jpg,.jpeg,.png,.jp2,.j2k,.jpf,.jpx,image/jpeg,image/png,image/jp2';
const EMPTY = { amount: '', txHash: '', proofLast6: '' };
/** Refusals about the amount mark the amount field. */
const AMOUNT_CODES: readonly (number | null)[] = [Err.AMOUNT_INVALID, Err.DEPOSIT_BELOW_MINIMUM];

/**
 * Deposit: on a network watched on the chain, the customer's own address and the deposits the chain
 * showed (src/views/chain); on any other, the platform's receive address (QR, copy), the minimum and
 * the claim form (the depositForm flow).
 */
export function DepositPanel() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const addresses = useDepositAddresses();
  const rows = addresses.data?.rows ?? [];
  const chainRows = useChainAddresses().data?.rows ?? [];
  // a watched network is offered even where the platform has no address of its own for it
  const pairs = [...rows, ...chainRows.filter((c) => !rows.some((r) => r.coin === c.coin && r.network === c.network))];
  const [coin, setCoin] = useState<Asset | ''>('');
  const [network, setNetwork] = useState<Network | ''>('');
  const coins = [...new Set(pairs.map((r) => r.coin))];
  const chosenCoin = coin && coins.includes(coin) ? coin : coins[0];
  const networks = pairs.filter((r) => r.coin === chosenCoin).map((r) => r.network);
  const chosenNetwork = network && networks.includes(network) ? network : networks[0];
  const address = rows.find((r) => r.coin === chosenCoin && r.network === chosenNetwork);
  const watched = chainRows.find((r) => r.coin === chosenCoin && r.network === chosenNetwork);

  const [v, setV] = useState(EMPTY);
  const [proof, setProof] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [form, send] = useFlow(depositFlow, submissionView);

  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    send({ type: 'depositForm.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosenCoin || !chosenNetwork) return;
    const values: DepositValues = { coin: chosenCoin, network: chosenNetwork, ...v, proof };
    send({ type: 'depositForm.submit', values });
  };
  const again = () => {
    setV(EMPTY);
    setProof(null);
    if (fileRef.current) fileRef.current.value = '';
    send({ type: 'depositForm.reset' });
  };
  const submitted = form.result;

  return (
    <section className={screens.card} aria-labelledby="dep-title" data-testid="deposit-panel">
      <div className={screens.cardHead}>
        <h2 id="dep-title">{t('account.deposit')}</h2>
      </div>
      <Loadable query={addresses}>
        {pairs.length === 0 ? (
          <p className={screens.muted} data-testid="no-address">
            {t('wallet.noAddress')}
          </p>
        ) : submitted && !watched ? (
          <div className={styles.success} role="status" data-testid="deposit-done">
            <p>{t('errors:20002')}</p>
            <p className="num">
              {trimDecimal(submitted.amount)} {submitted.coin} · {t('wallet.status.deposit.pending')}
            </p>
            <button type="button" className={styles.secondary} onClick={again}>
              {t('wallet.newDeposit')}
            </button>
          </div>
        ) : (
          <div className={styles.grid}>
            <div className={styles.form}>
              <div className={screens.row}>
                <label className={screens.field}>
                  <span>{t('wallet.coin')}</span>
                  <select
                    value={chosenCoin}
                    onChange={(e) => {
                      setCoin(e.target.value as Asset);
                      setNetwork('');
                    }}
                    data-testid="dep-coin"
                  >
                    {coins.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </label>
                <label className={screens.field}>
                  <span>{t('wallet.network')}</span>
                  <select value={chosenNetwork} onChange={(e) => setNetwork(e.target.value as Network)} data-testid="dep-network">
                    {networks.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {watched && <ChainReceive address={watched} />}
              {address && !watched && (
                <div className={styles.receive}>
                  <img
                    className={styles.qr}
                    src={address.qr}
                    alt={t('wallet.qrAlt', { coin: address.coin, network: address.network })}
                    data-testid="dep-qr"
                  />
                  <div className={styles.address}>
                    <span className={styles.hint}>{t('wallet.receiveAddress')}</span>
                    <code data-testid="dep-address">{address.address}</code>
                    <button
                      type="button"
                      className={styles.secondary}
                      onClick={() => copyText(address.address, { ok: t('wallet.copySuccess'), failed: t('wallet.copyError') })}
                      data-testid="dep-copy"
                    >
                      {t('account.copy')}
                    </button>
                    <span className={styles.hint} data-testid="dep-min">
                      {t('wallet.minDeposit', { amount: address.minAmount, coin: address.coin })}
                    </span>
                  </div>
                </div>
              )}
            </div>
            {watched ? (
              <ChainAuto address={watched} />
            ) : (
              <form
                className={styles.form}
                onSubmit={onSubmit}
                noValidate
                aria-label={t('account.deposit')}
                data-testid="deposit-form"
              >
                <label className={screens.field}>
                  <span>
                    {t('account.amount')} ({chosenCoin})
                  </span>
                  <input
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={40}
                    value={v.amount}
                    onChange={(e) => set('amount')(e.target.value)}
                    data-testid="dep-amount"
                    aria-invalid={form.refusal !== null && AMOUNT_CODES.includes(form.refusal.code)}
                  />
                </label>
                <label className={screens.field}>
                  <span>{t('wallet.txHash')}</span>
                  <input
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={100}
                    value={v.txHash}
                    onChange={(e) => set('txHash')(e.target.value)}
                    data-testid="dep-hash"
                    aria-describedby="dep-hash-help"
                    dir="ltr"
                  />
                  <small id="dep-hash-help" className={styles.hint}>
                    {t('newuser.deposit.txHashHelp')}
                  </small>
                </label>
                <label className={screens.field}>
                  <span>{t('wallet.proofLast6')}</span>
                  <input
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={6}
                    value={v.proofLast6}
                    onChange={(e) => set('proofLast6')(e.target.value.replace(/\D/g, ''))}
                    data-testid="dep-last6"
                    aria-describedby="dep-last6-help"
                  />
                  <small id="dep-last6-help" className={styles.hint} data-testid="dep-last6-help">
                    {t('newuser.deposit.last6Help')}
                  </small>
                </label>
                {/* the browser's own file control ("Choose File", in the browser's language) is hidden:
                  a button in the app's style and language, and the chosen file's name beside it */}
                <div className={screens.field}>
                  <span id="dep-proof-label">{t('wallet.proof')}</span>
                  <label className={styles.filePick}>
                    <input
                      ref={fileRef}
                      type="file"
                      accept={ACCEPT}
                      className="visually-hidden"
                      aria-labelledby="dep-proof-label"
                      aria-describedby="dep-proof-name dep-proof-rule"
                      onChange={(e) => {
                        setProof(e.target.files?.[0] ?? null);
                        send({ type: 'depositForm.edit' });
                      }}
                      data-testid="dep-proof"
                    />
                    <span className={styles.fileButton} aria-hidden="true">
                      {t(proof ? 'wallet.proofChange' : 'wallet.proofChoose')}
                    </span>
                    <span id="dep-proof-name" className={styles.fileName} data-testid="dep-proof-name" dir="auto">
                      {proof ? proof.name : t('wallet.proofNone')}
                    </span>
                  </label>
                  <small id="dep-proof-rule" className={styles.hint}>
                    {t('wallet.proofRule')}
                  </small>
                </div>
                {form.refusal && (
                  <p className={screens.formError} role="alert" data-testid="dep-error" data-code={form.refusal.code ?? ''}>
                    {text(form.refusal)}
                  </p>
                )}
                <button type="submit" className={screens.submit} disabled={form.busy} data-testid="dep-submit">
                  {t('wallet.submitDeposit')}
                </button>
              </form>
            )}
          </div>
        )}
        {chainRows.length > 0 && <ChainDeposits />}
      </Loadable>
    </section>
  );
}
