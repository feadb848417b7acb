import { useTranslation } from 'react-i18next';
import screens from '../styles/screens.module.css';
import money from '../styles/money.module.css';
import admin from '../operator/admin.module.css';

/**
 * A proposal's four-eyes decision: another operator confirms or rejects it; its proposer may only
 * withdraw it (`mine`), never confirm it. Buttons tested as `<testPrefix>-confirm` and `-reject`.
 */
export function FourEyesActions({
  mine,
  busy,
  onDecide,
  testPrefix,
}: {
  mine: boolean;
  busy: boolean;
  onDecide: (decision: 'confirm' | 'reject') => void;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={admin.rowActions}>
      {!mine && (
        <button
          type="button"
          className={screens.submit}
          disabled={busy}
          onClick={() => onDecide('confirm')}
          data-testid={`${testPrefix}-confirm`}
        >
          {t('admin.operators.confirmAction')}
        </button>
      )}
      <button
        type="button"
        className={money.secondary}
        disabled={busy}
        onClick={() => onDecide('reject')}
        data-testid={`${testPrefix}-reject`}
      >
        {t(mine ? 'admin.operators.withdrawAction' : 'admin.operators.rejectAction')}
      </button>
    </div>
  );
}
