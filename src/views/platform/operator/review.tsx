import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewKind } from '../../../machines/platform/reviewAction.ts';
import { reviewFlow } from '../../../services/admin/reviewFlow.ts';
import { useDepositProof, useRejectReasons } from '../../../services/admin/queries.ts';
import { useFlow, useLatest, useRefusalText } from '../app/useFlow.ts';
import { ReasonPicker } from './reasons.tsx';
import wallet from '../styles/money.module.css';
import screens from '../styles/screens.module.css';
import styles from './admin.module.css';

/** Moves the focus into a dialog when it opens (a stable callback ref: it runs on mount only). */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/**
 * Approve / Reject of one pending record, as a reviewAction flow: the buttons start it, the
 * dialog confirms (with the reason or the payout hash), a refusal shows its catalogue message
 * under the buttons. The flow puts the record the server returned (its new status) into the queue's cache.
 */
/** What an approval moves, for the dialog to name: the customer and the amount (deposits and withdrawals). */
export interface ReviewSubject {
  customer: string;
  amount: string;
  coin: string;
}

const QUEUE_OF = { deposit: 'deposits', withdrawal: 'withdrawals', kyc: 'kyc', loan: 'loans' } as const;
/** The dialog's title per kind (a verification's and a loan's live with their domains' texts). */
const titleOf = (kind: ReviewKind, decision: 'approve' | 'reject') =>
  kind === 'kyc'
    ? `kyc.admin.confirm.${decision}`
    : kind === 'loan'
      ? `loan.admin.confirm.${decision}`
      : `admin.confirm.${kind}.${decision}`;

export function ReviewControls({
  kind,
  id,
  subject,
  paidByPlatform = false,
  request,
  onDialog,
  onDecided,
}: {
  kind: ReviewKind;
  id: string;
  subject?: ReviewSubject;
  /** a withdrawal the platform's sender pays: the payout hash is left empty */
  paidByPlatform?: boolean;
  /** the queue's keyboard asks for this row's dialog (a new `n` each time: src/machines/platform/reviewQueue.ts) */
  request?: { decision: 'approve' | 'reject'; n: number } | null;
  /** the row's dialog opened or closed (the queue lets no key act meanwhile) */
  onDialog?: (open: boolean) => void;
  /** the decision went through (the row may still wait for a second operator's approval) */
  onDecided?: () => void;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [review, send] = useFlow(
    reviewFlow,
    (s) => ({
      dialog: s.hasTag('dialog'),
      busy: s.hasTag('busy'),
      decision: s.context.decision,
      problem: s.context.problem,
      refusal: s.matches('failed') ? s.context.refusal : null,
      finished: s.matches('done'),
    }),
    { kind, id },
  );
  const { dialog, busy, decision, problem, refusal } = review;
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [hash, setHash] = useState('');
  // the picker's list, asked for once a row's controls show (one query per queue, shared by its rows)
  const reasons = useRejectReasons(QUEUE_OF[kind]);
  const told = useLatest((open: boolean) => onDialog?.(open));
  useEffect(() => {
    // the cleanup also runs when the row goes (decided: it is no longer pending) with its dialog open
    if (!dialog) return;
    told(true);
    return () => told(false);
  }, [dialog, told]);
  const asked = request?.n ?? 0;
  const askedFor = request?.decision;
  useEffect(() => {
    if (asked > 0 && askedFor) send({ type: 'review.start', decision: askedFor });
  }, [asked, askedFor, send]);
  useEffect(() => {
    if (!dialog) return;
    // Escape cancels wherever the focus is (the opening button keeps it after a click)
    const key = (e: KeyboardEvent) => e.key === 'Escape' && !busy && send({ type: 'review.cancel' });
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [dialog, busy, send]);
  const decided = useLatest(() => onDecided?.());
  const finished = review.finished;
  useEffect(() => {
    if (finished) decided();
  }, [finished, decided]);
  if (finished) return null;
  const approve = decision === 'approve';
  const title = t(titleOf(kind, decision ?? 'approve'));
  return (
    <>
      <div className={styles.rowActions}>
        <button
          type="button"
          className={wallet.secondary}
          onClick={() => send({ type: 'review.start', decision: 'approve' })}
          data-testid="approve"
        >
          {t('admin.approve')}
        </button>
        <button
          type="button"
          className={wallet.danger}
          onClick={() => send({ type: 'review.start', decision: 'reject' })}
          data-testid="reject"
        >
          {t('admin.reject')}
        </button>
      </div>
      {refusal && (
        <span className={styles.refusal} role="alert" data-testid="review-error" data-code={refusal.code ?? ''}>
          {text(refusal)}
        </span>
      )}
      {dialog && (
        // a click on the backdrop cancels; the keyboard's way out is Escape or the Cancel button
        <div
          className={styles.overlay}
          role="presentation"
          onClick={(e) => e.target === e.currentTarget && !busy && send({ type: 'review.cancel' })}
        >
          <form
            className={styles.dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby={`rv-${kind}-${id}`}
            data-testid="review-dialog"
            data-decision={decision ?? ''}
            onSubmit={(e) => {
              e.preventDefault();
              send({
                type: 'review.confirm',
                values: approve
                  ? kind === 'withdrawal'
                    ? { payoutTxHash: hash, paidByPlatform }
                    : {}
                  : kind === 'kyc'
                    ? { reason, note }
                    : { reason },
              });
            }}
          >
            <h2 id={`rv-${kind}-${id}`}>{title}</h2>
            {subject && (
              <p data-testid="review-subject">
                {t(`admin.consequence.${kind === 'withdrawal' ? 'withdrawal' : 'deposit'}.${approve ? 'approve' : 'reject'}`, {
                  ...subject,
                })}
              </p>
            )}
            {!approve && (
              <ReasonPicker
                reasons={reasons.data?.rows}
                onChange={setReason}
                invalid={problem === 'reason'}
                idPrefix={`rv-${id}`}
              />
            )}
            {!approve && kind === 'kyc' && (
              <label className={screens.field}>
                <span>{t('kyc.admin.note')}</span>
                <textarea
                  value={note}
                  maxLength={1000}
                  rows={2}
                  onChange={(e) => setNote(e.target.value)}
                  aria-describedby={`rv-note-${id}`}
                  data-testid="review-note"
                />
                <small className={wallet.hint} id={`rv-note-${id}`}>
                  {t('kyc.admin.noteHint')}
                </small>
              </label>
            )}
            {approve && kind === 'withdrawal' && (
              <label className={screens.field}>
                <span>{t('admin.payoutHash')}</span>
                <input
                  value={hash}
                  ref={focusOnMount}
                  dir="ltr"
                  spellCheck={false}
                  onChange={(e) => setHash(e.target.value)}
                  aria-invalid={problem === 'hash'}
                  aria-describedby={paidByPlatform ? `rv-hash-${id}` : undefined}
                  data-testid="review-hash"
                />
                {paidByPlatform && (
                  <small className={wallet.hint} id={`rv-hash-${id}`} data-testid="review-hash-optional">
                    {t('admin.hashOptional')}
                  </small>
                )}
              </label>
            )}
            {problem && (
              <p className={styles.refusal} role="alert" data-testid="review-problem">
                {t(problem === 'reason' ? 'admin.reasonRequired' : 'admin.hashRequired')}
              </p>
            )}
            <div className={wallet.actions}>
              <button
                type="submit"
                className={approve ? wallet.secondary : wallet.danger}
                disabled={busy}
                // an approval without a field to fill: Enter confirms it straight away
                ref={approve && kind !== 'withdrawal' ? focusOnMount : undefined}
                data-testid="review-confirm"
              >
                {t(approve ? 'admin.approve' : 'admin.reject')}
              </button>
              <button
                type="button"
                className={wallet.secondary}
                disabled={busy}
                onClick={() => send({ type: 'review.cancel' })}
                data-testid="review-cancel"
              >
                {t('wallet.cancel')}
              </button>
            </div>
          </form>
        </div>
      )}
    </>
  );
}

/**
 * The proof image of a deposit: fetched with the token (the useDepositProof query: a blob) and shown
 * through an object URL that is revoked when the viewer closes. Never a public URL.
 */
export function ProofViewer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const proof = useDepositProof(id);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // the object URL lives exactly as long as the image shows it
    if (!proof.data || !image.current) return;
    const url = URL.createObjectURL(proof.data);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [proof.data]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    // a click on the backdrop closes; the keyboard's way out is Escape or the Close button
    <div className={styles.overlay} role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={styles.viewer}
        role="dialog"
        aria-modal="true"
        aria-label={t('admin.proof')}
        data-queue-dialog=""
        data-testid="proof-viewer"
      >
        <h2>{t('admin.proof')}</h2>
        {proof.isError && (
          <p className={styles.refusal} role="alert">
            {t('common.failed')}
          </p>
        )}
        {proof.isPending && <p aria-busy="true">{t('common.loading')}</p>}
        {proof.data && <img ref={image} alt={t('admin.proof')} data-testid="proof-image" />}
        <div className={wallet.actions}>
          <button type="button" className={wallet.secondary} onClick={onClose} data-testid="proof-close" ref={focusOnMount}>
            {t('admin.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
