import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddRejectReason, useRejectReasons, useRemoveRejectReason } from '../../services/admin/index.ts';
import wallet from '../platform/styles/money.module.css';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/operator/admin.module.css';
import own from '../platform/operator/queueWork.module.css';

/**
 * A queue's reject reasons as operators keep them: the list with a Remove button each, and a field
 * to add one. The service audits every change and refuses a reason already on the list.
 */
export function ReasonsEditor({ queue }: { queue: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation();
  const reasons = useRejectReasons(queue);
  const add = useAddRejectReason(queue);
  const remove = useRemoveRejectReason(queue);
  const [text, setText] = useState('');
  const list = reasons.data?.rows ?? [];
  const failed = add.error ?? remove.error;
  return (
    <details className={own.reasons} data-testid="reasons-editor" data-queue={queue}>
      <summary>{t('admin.queue.reasonsTitle', { n: list.length })}</summary>
      {list.length === 0 ? (
        <p className={screens.muted}>{t('admin.queue.reasonsEmpty')}</p>
      ) : (
        <ul className={own.reasonList}>
          {list.map((r) => (
            <li key={r.id} data-testid="reason-item" data-id={r.id}>
              <span>{r.text}</span>
              <button
                type="button"
                className={wallet.secondary}
                disabled={remove.isPending}
                onClick={() => remove.mutate(r.id)}
                aria-label={t('admin.queue.reasonRemoveOne', { text: r.text })}
                data-testid="reason-remove"
              >
                {t('admin.queue.reasonRemove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={own.reasonAdd}
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          add.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <label className={screens.field}>
          <span>{t('admin.queue.reasonNew')}</span>
          <input value={text} maxLength={500} onChange={(e) => setText(e.target.value)} data-testid="reason-new" />
        </label>
        <button type="submit" className={wallet.secondary} disabled={add.isPending || !text.trim()} data-testid="reason-add">
          {t('admin.queue.reasonAdd')}
        </button>
      </form>
      {failed && (
        <p className={styles.refusal} role="alert" data-testid="reason-error">
          {failed.message}
        </p>
      )}
    </details>
  );
}
