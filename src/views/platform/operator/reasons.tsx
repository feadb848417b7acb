import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import wallet from '../styles/money.module.css';
import screens from '../styles/screens.module.css';
import own from './queueWork.module.css';

/** Moves the focus into the picker when a dialog opens with it (a stable callback ref: it runs on mount only). */
const focusOnMount = (el: HTMLElement | null) => el?.focus();
const OTHER = 'other';

/**
 * The reason of a rejection: one of the queue's reasons (operators keep the list, ReasonsEditor),
 * or a reason typed for this one. The first reason on the list is chosen at first; with no list
 * the text field is all there is. Enter on the list sends the dialog's form, so a reason is
 * chosen and sent from the keyboard alone.
 */
export function ReasonPicker({
  reasons,
  onChange,
  invalid,
  idPrefix,
}: {
  /** the queue's list (undefined while it loads) */
  reasons: readonly { id: string; text: string }[] | undefined;
  onChange: (reason: string) => void;
  invalid: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const list = reasons ?? [];
  const [pick, setPick] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const chosen = pick ?? list[0]?.id ?? OTHER;
  const textOf = (id: string, own: string) => (id === OTHER ? own : (list.find((r) => r.id === id)?.text ?? ''));
  const text = textOf(chosen, typed);
  // the first reason once the list is there; a change from the keyboard is told at once (below), so
  // an Enter right after the arrow sends the reason just picked, not the one before
  useEffect(() => onChange(text), [text, onChange]);
  const submitOnEnter = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };
  if (reasons === undefined) return <p aria-busy="true">{t('common.loading')}</p>;
  return (
    <>
      {list.length > 0 && (
        <label className={screens.field}>
          <span>{t('admin.queue.reasonPick')}</span>
          <select
            value={chosen}
            ref={focusOnMount}
            onChange={(e) => {
              setPick(e.target.value);
              onChange(textOf(e.target.value, typed));
            }}
            onKeyDown={submitOnEnter}
            className={own.reasonSelect}
            aria-invalid={invalid && chosen !== OTHER}
            data-testid="reason-pick"
          >
            {list.map((r) => (
              <option key={r.id} value={r.id}>
                {r.text}
              </option>
            ))}
            <option value={OTHER}>{t('admin.queue.reasonOther')}</option>
          </select>
        </label>
      )}
      {chosen === OTHER && (
        <label className={screens.field}>
          <span>{t('admin.reason')}</span>
          <textarea
            value={typed}
            maxLength={500}
            rows={3}
            ref={focusOnMount}
            onChange={(e) => {
              setTyped(e.target.value);
              onChange(e.target.value);
            }}
            aria-invalid={invalid}
            aria-describedby={`${idPrefix}-hint`}
            data-testid="review-reason"
          />
        </label>
      )}
      <small className={wallet.hint} id={`${idPrefix}-hint`}>
        {t('admin.reasonHint')}
      </small>
    </>
  );
}
