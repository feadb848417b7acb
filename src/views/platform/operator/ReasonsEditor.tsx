import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewQueueName } from '../../../contract/reviewQueues.ts';
import wallet from '../styles/money.module.css';
import screens from '../styles/screens.module.css';
import styles from './admin.module.css';
import own from './queueWork.module.css';

/** A refusal as the operator API throws it: the catalogue code and its text in the operator's language. */
type Failure = { code?: number | null; message: string } | null;
type Mutation<V> = { mutate: (v: V, o?: { onSuccess?: () => void }) => void; isPending: boolean; error: Failure };

/**
 * What the editor works with, the queue's list and its two changes (src/services/admin, useReasonList):
 * handed in by the queue's screen, so this shared piece imports no domain.
 */
export interface ReasonList {
  reasons: { data?: { rows: { id: string; text: string }[] } };
  add: Mutation<string>;
  remove: Mutation<string>;
}

/**
 * A queue's reject reasons as operators keep them: the list with a Remove button each, and a field
 * to add one. The service audits every change and refuses a reason already on the list (10155),
 * whose catalogue text shows under the form.
 */
export function ReasonsEditor({ queue, list: { reasons, add, remove } }: { queue: ReviewQueueName; list: ReasonList }) {
  const { t } = useTranslation();
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
          <input
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={add.error ? true : undefined}
            aria-describedby={failed ? `reason-error-${queue}` : undefined}
            data-testid="reason-new"
          />
        </label>
        <button type="submit" className={wallet.secondary} disabled={add.isPending || !text.trim()} data-testid="reason-add">
          {t('admin.queue.reasonAdd')}
        </button>
      </form>
      {failed && (
        <p
          className={styles.refusal}
          role="alert"
          id={`reason-error-${queue}`}
          data-testid="reason-error"
          data-code={failed.code ?? ''}
        >
          {failed.message || t('common.failed')}
        </p>
      )}
    </details>
  );
}
