import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import type { ReviewQueueName } from '../../../contract/reviewQueues.ts';
import type { reviewQueueMachine, ReviewQueueEvent } from '../../../machines/platform/reviewQueue.ts';
import { useFlow, useRefusalText } from '../app/useFlow.ts';
import wallet from '../styles/money.module.css';
import { ReasonPicker } from './reasons.tsx';
import styles from './admin.module.css';
import own from './queueWork.module.css';

type QueueName = ReviewQueueName;
type Ask = ReviewQueueEvent['type'];

/** The keys of the queue and the event each sends (both layouts: j/k and the arrows). */
const KEYS: Record<string, Ask> = {
  j: 'queue.next',
  ArrowDown: 'queue.next',
  k: 'queue.prev',
  ArrowUp: 'queue.prev',
  a: 'queue.approve',
  r: 'queue.reject',
  p: 'queue.proof',
  x: 'queue.toggle',
  Escape: 'queue.close',
};
const ASKS: Ask[] = [...new Set(Object.values(KEYS)), 'queue.bulkStart'];

/** Typing somewhere (a field, a list, an editable block): the queue's keys are letters there. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/** How a queue is worked: what `p` shows, whether rows can be selected for a bulk rejection, which rows wait. */
export interface QueueWorkOptions<R> {
  /** the queue shows something of an item beside its row (proof, documents, the loan with its signature) */
  proof: boolean;
  /** the queue has a bulk rejection route (src/services/admin BULK_QUEUES) */
  bulk: boolean;
  /** the row waits for a decision (default: status `pending`; a loan's is `pending_review`) */
  waiting?: (row: R) => boolean;
}
const pendingStatus = (r: { status: string }) => r.status === 'pending';

/**
 * A queue worked from the keyboard and with its checkboxes (src/machines/platform/reviewQueue.ts):
 * the rows shown go to the machine, keys become its events when it allows them (never while a
 * dialog is open, the step-up one included, nor while typing), and the current row takes the
 * focus when it changes. `rowProps` and `controls` are spread onto each row and its review buttons.
 * A row decided from this screen stops waiting for it even where its status does not change yet
 * (the first of two approvals under the four-eyes rule), so the next one becomes current.
 */
export function useQueueWork<R extends { id: string; status: string }>(
  flow: (client: QueryClient) => typeof reviewQueueMachine,
  rows: R[],
  { proof: hasProof, bulk: bulkable, waiting = pendingStatus }: QueueWorkOptions<R>,
) {
  const [q, send] = useFlow(
    flow,
    (s) => ({
      current: s.context.current,
      selected: s.context.selected,
      request: s.context.request,
      proof: s.context.proof,
      bulk: s.context.bulk,
      problem: s.context.problem,
      refusal: s.context.refusal,
      picking: s.hasTag('bulk'),
      busy: s.hasTag('busy'),
      dialog: s.hasTag('dialog'),
      // what the machine allows now, asked once per snapshot: the key handler reads it
      allowed: ASKS.filter((type) => s.can({ type } as ReviewQueueEvent)).join(' '),
    }),
    { hasProof, bulkable },
  );
  // the element around the table (its id: rows are found in it, no ref read while rendering)
  const tableId = useId();
  const [decided, setDecided] = useState<readonly string[]>([]);
  const shown = rows.map((r) => `${r.id}:${waiting(r) && !decided.includes(r.id) ? 1 : 0}`).join(' ');
  useEffect(() => {
    send({
      type: 'queue.rows',
      rows: shown ? shown.split(' ').map((p) => ({ id: p.split(':')[0], pending: p.endsWith(':1') })) : [],
    });
  }, [shown, send]);
  const allowed = q.allowed;
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const type = KEYS[e.key];
      if (!type || e.ctrlKey || e.metaKey || e.altKey) return;
      // Escape closes the queue's own dialogs wherever the focus is in them
      if (type !== 'queue.close' && typing(e.target)) return;
      // a dialog of anyone else's (the step-up code, a row's review dialog over the KYC documents)
      // keeps the keys, Escape too: it closes that dialog only
      const modal = document.querySelector('[aria-modal="true"]');
      if (modal && (type !== 'queue.close' || !modal.hasAttribute('data-queue-dialog'))) return;
      if (!allowed.split(' ').includes(type)) return;
      e.preventDefault();
      send({ type } as ReviewQueueEvent);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [allowed, send]);
  const { current, dialog } = q;
  // the current row takes the focus (and scrolls into view), unless a dialog or a field has it
  useEffect(() => {
    const table = document.getElementById(tableId);
    if (!current || dialog || !table) return;
    // never from a field the operator is typing in (a filter, a reason)
    if (typing(document.activeElement)) return;
    table.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(current)}"]`)?.focus();
  }, [current, dialog, tableId]);
  const onDialog = useCallback(
    (id: string) => (open: boolean) => send(open ? { type: 'queue.dialogOpened', id } : { type: 'queue.dialogClosed' }),
    [send],
  );
  return {
    q,
    send,
    tableId,
    rowProps: (id: string) => ({
      tabIndex: id === q.current ? 0 : -1,
      'aria-current': id === q.current ? ('true' as const) : undefined,
      className: id === q.current ? own.current : undefined,
      onFocus: () => id !== q.current && send({ type: 'queue.focus', id }),
    }),
    controls: (id: string) => ({
      request: q.request?.id === id ? q.request : null,
      onDialog: onDialog(id),
      onDecided: () => setDecided((d) => (d.includes(id) ? d : [...d, id])),
    }),
    canBulk: allowed.split(' ').includes('queue.bulkStart'),
    bulk: bulkable,
  };
}

export type QueueWork = ReturnType<typeof useQueueWork>;
type Work = QueueWork;

/** The row's checkbox: rejected together with the others selected (pending rows only). */
export function SelectBox({ work, id, pending, label }: { work: Work; id: string; pending: boolean; label: string }) {
  return (
    <input
      type="checkbox"
      className={own.check}
      checked={work.q.selected.includes(id)}
      disabled={!pending}
      onChange={() => work.send({ type: 'queue.toggle', id })}
      aria-label={label}
      data-testid="row-select"
    />
  );
}

/** The key legend of each queue: what `p` shows differs, and a queue without a bulk route has no `x`. */
const LEGEND: Record<QueueName, string> = {
  deposits: 'admin.queue.keys',
  withdrawals: 'admin.queue.keysNoProof',
  kyc: 'admin.queue.keysKyc',
  loans: 'admin.queue.keysLoans',
};

/**
 * Above the table: the keys (desktops; a phone keeps the buttons), "Reject selected", the outcome
 * of the last bulk rejection, and its dialog with the reason picker (queues with a bulk route).
 */
export function QueueWorkBar({
  work,
  queue,
  reasons,
}: {
  work: Work;
  queue: QueueName;
  reasons: readonly { id: string; text: string }[] | undefined;
}) {
  const { t } = useTranslation();
  const { q, send } = work;
  const bulk = q.bulk;
  return (
    <div className={own.workBar}>
      <p className={own.keys} data-testid="queue-keys">
        {t(LEGEND[queue])}
      </p>
      {work.bulk && (
        <div className={own.bulkTools}>
          <span className="num" data-testid="selected-count">
            {t('admin.queue.selected', { n: q.selected.length })}
          </span>
          <button
            type="button"
            className={wallet.danger}
            disabled={!work.canBulk}
            onClick={() => send({ type: 'queue.bulkStart' })}
            data-testid="bulk-reject"
          >
            {t('admin.queue.rejectSelected')}
          </button>
        </div>
      )}
      {bulk && (
        <p role="status" className={own.bulkResult} data-testid="bulk-result" data-rejected={bulk.rejected.join(' ')}>
          {t('admin.queue.bulkDone', { n: bulk.rejected.length })}
          {bulk.refused.map((r) => (
            <span key={r.id} className={wallet.block} data-testid="bulk-refused" data-id={r.id} data-code={r.code}>
              {t('admin.queue.bulkRefused', { id: r.id, why: t(`errors:${r.code}`, { defaultValue: String(r.code) }) })}
            </span>
          ))}
        </p>
      )}
      {q.picking && <BulkDialog work={work} queue={queue} reasons={reasons} />}
    </div>
  );
}

/** The heading of the checkboxes' column: named for screen readers, blank on screen. */
export function SelectHead() {
  const { t } = useTranslation();
  return (
    <th>
      <span className={own.visuallyHidden}>{t('admin.queue.selectColumn')}</span>
    </th>
  );
}

/** The reason of a bulk rejection, one for all the selected items (the queue's list or typed). */
function BulkDialog({
  work,
  queue,
  reasons,
}: {
  work: Work;
  queue: QueueName;
  reasons: readonly { id: string; text: string }[] | undefined;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const { q, send } = work;
  const [reason, setReason] = useState('');
  return (
    <div
      className={styles.overlay}
      role="presentation"
      onClick={(e) => e.target === e.currentTarget && !q.busy && send({ type: 'queue.close' })}
    >
      <form
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`bulk-${queue}`}
        data-queue-dialog=""
        data-testid="bulk-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'queue.bulkConfirm', reason });
        }}
      >
        <h2 id={`bulk-${queue}`}>{t(`admin.queue.bulkTitle.${queue}`, { n: q.selected.length })}</h2>
        <ReasonPicker reasons={reasons} onChange={setReason} invalid={q.problem === 'reason'} idPrefix={`bulk-${queue}`} />
        {q.problem && (
          <p className={styles.refusal} role="alert" data-testid="review-problem">
            {t('admin.reasonRequired')}
          </p>
        )}
        {q.refusal && (
          <p className={styles.refusal} role="alert" data-testid="bulk-error">
            {text(q.refusal)}
          </p>
        )}
        <div className={wallet.actions}>
          <button type="submit" className={wallet.danger} disabled={q.busy} data-testid="bulk-confirm">
            {t('admin.queue.rejectN', { n: q.selected.length })}
          </button>
          <button
            type="button"
            className={wallet.secondary}
            disabled={q.busy}
            onClick={() => send({ type: 'queue.close' })}
            data-testid="bulk-cancel"
          >
            {t('wallet.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
