import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { reviewActionMachine, type ReviewKind } from '../../machines/reviewAction.ts';
import { adminApi } from '../../services/adminApi.ts';
import { useResource } from '../app/hooks.ts';
import wallet from '../wallet/wallet.module.css';
import screens from '../screens/screens.module.css';
import styles from './admin.module.css';

/**
 * Approve / Reject of one pending record, as a reviewAction actor: the buttons start it, the
 * dialog confirms (with the reason or the payout hash), a refusal shows its catalogue message
 * under the buttons. `onReviewed` gets the record as the server returns it (its new status).
 */
export function ReviewControls<T>({ kind, id, onReviewed }: { kind: ReviewKind; id: string; onReviewed: (record: T) => void }) {
  const { t } = useTranslation();
  const done = useRef(onReviewed);
  done.current = onReviewed;
  const logic = useMemo(
    () =>
      reviewActionMachine.provide({
        actors: { submit: fromPromise(({ input, signal }) => adminApi.review(input, signal)) },
        actions: { reviewed: (_, p) => done.current(p.result as T) },
      }),
    [],
  );
  const ref = useActorRef(logic, { input: { kind, id } });
  const dialog = useSelector(ref, (s) => s.hasTag('dialog'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const decision = useSelector(ref, (s) => s.context.decision);
  const problem = useSelector(ref, (s) => s.context.problem);
  const refusal = useSelector(ref, (s) => (s.matches('failed') ? s.context.refusal : null));
  const finished = useSelector(ref, (s) => s.matches('done'));
  const [reason, setReason] = useState('');
  const [hash, setHash] = useState('');
  useEffect(() => {
    if (!dialog) return;
    // Escape cancels wherever the focus is (the opening button keeps it after a click)
    const key = (e: KeyboardEvent) => e.key === 'Escape' && !busy && ref.send({ type: 'review.cancel' });
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [dialog, busy, ref]);
  if (finished) return null;
  const approve = decision === 'approve';
  const title = t(`admin.confirm.${kind}.${decision ?? 'approve'}`);
  return (
    <>
      <div className={styles.rowActions}>
        <button type="button" className={wallet.secondary} onClick={() => ref.send({ type: 'review.start', decision: 'approve' })} data-testid="approve">{t('admin.approve')}</button>
        <button type="button" className={wallet.danger} onClick={() => ref.send({ type: 'review.start', decision: 'reject' })} data-testid="reject">{t('admin.reject')}</button>
      </div>
      {refusal && <span className={styles.refusal} role="alert" data-testid="review-error" data-code={refusal.code ?? ''}>{refusal.message}</span>}
      {dialog && (
        <div className={styles.overlay} onClick={(e) => e.target === e.currentTarget && !busy && ref.send({ type: 'review.cancel' })}>
          <form
            className={styles.dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby={`rv-${kind}-${id}`}
            data-testid="review-dialog"
            data-decision={decision ?? ''}
            onSubmit={(e) => {
              e.preventDefault();
              ref.send({ type: 'review.confirm', values: approve ? (kind === 'withdrawal' ? { payoutTxHash: hash } : {}) : { reason } });
            }}
          >
            <h2 id={`rv-${kind}-${id}`}>{title}</h2>
            {!approve && (
              <label className={screens.field}>
                <span>{t('admin.reason')}</span>
                <textarea value={reason} maxLength={500} rows={3} autoFocus onChange={(e) => setReason(e.target.value)} aria-invalid={problem === 'reason'} data-testid="review-reason" />
                <small className={wallet.hint}>{t('admin.reasonHint')}</small>
              </label>
            )}
            {approve && kind === 'withdrawal' && (
              <label className={screens.field}>
                <span>{t('admin.payoutHash')}</span>
                <input value={hash} autoFocus dir="ltr" spellCheck={false} onChange={(e) => setHash(e.target.value)} aria-invalid={problem === 'hash'} data-testid="review-hash" />
              </label>
            )}
            {problem && <p className={styles.refusal} role="alert" data-testid="review-problem">{t(problem === 'reason' ? 'admin.reasonRequired' : 'admin.hashRequired')}</p>}
            <div className={wallet.actions}>
              <button type="submit" className={approve ? wallet.secondary : wallet.danger} disabled={busy} data-testid="review-confirm">{t(approve ? 'admin.approve' : 'admin.reject')}</button>
              <button type="button" className={wallet.secondary} disabled={busy} onClick={() => ref.send({ type: 'review.cancel' })} data-testid="review-cancel">{t('wallet.cancel')}</button>
            </div>
          </form>
        </div>
      )}
    </>
  );
}


/**
 * The proof image of a deposit: fetched with the token (adminApi.depositProof → blob) and shown
 * through an object URL that is revoked when the viewer closes. Never a public URL.
 */
export function ProofViewer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const proof = useResource((p: { id: string }, signal) => adminApi.depositProof(p.id, signal).then((b) => URL.createObjectURL(b)), { id });
  const url = proof.data;
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <div className={styles.overlay} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className={styles.viewer} role="dialog" aria-modal="true" aria-label={t('admin.proof')} data-testid="proof-viewer">
        <h2>{t('admin.proof')}</h2>
        {proof.failed && <p className={styles.refusal} role="alert">{t('common.failed')}</p>}
        {proof.loading && <p aria-busy="true">{t('common.loading')}</p>}
        {url && <img src={url} alt={t('admin.proof')} data-testid="proof-image" />}
        <div className={wallet.actions}>
          <button type="button" className={wallet.secondary} onClick={onClose} data-testid="proof-close" autoFocus>{t('admin.close')}</button>
        </div>
      </div>
    </div>
  );
}
