import { useSelector } from '@xstate/store-react';
import { useTranslation } from 'react-i18next';
import { toasts } from '../../../services/platform/toast.ts';
import { CloseIcon } from './Icons.tsx';
import styles from './ui.module.css';

export function Toasts() {
  const { t } = useTranslation();
  const items = useSelector(toasts, (s) => s.context.items);
  return (
    <div className={styles.toasts} aria-live="polite" data-testid="toasts">
      {items.map((item) => (
        <div
          key={item.id}
          className={styles.toast}
          data-kind={item.kind}
          data-tone={item.tone}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{item.text}</span>
          <button type="button" aria-label={t('common.close')} onClick={() => toasts.trigger.dismiss({ id: item.id })}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ))}
    </div>
  );
}
