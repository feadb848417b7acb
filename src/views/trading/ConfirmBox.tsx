import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../platform/components/useModalDialog.ts';
import type { Book } from '../../contract/constants.ts';
import { BookBadge } from './parts.tsx';
import styles from './trade.module.css';

/**
 * A short confirmation with the book in large type, for the pending-order and chart-stop flows:
 * what will happen is in `children`; only the confirm button sends (the flow's `<id>.confirm`).
 */
export function ConfirmBox({
  title,
  book,
  children,
  confirmLabel,
  busy,
  refusal,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  book: Book;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  refusal?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const ref = useModalDialog();
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-book={book}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id={`${testId}-title`} tabIndex={-1}>
          {title}
        </h2>
        <BookBadge book={book} large />
      </div>
      {children}
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={onCancel}
          disabled={busy}
          data-testid={`${testId}-back`}
        >
          {t('orders.back')}
        </button>
        <button
          type="button"
          className={styles.primaryButton}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
