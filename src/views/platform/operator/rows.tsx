import { useTranslation } from 'react-i18next';
import wallet from '../styles/money.module.css';
import { Who } from './queue.tsx';
import { SelectBox, type QueueWork } from './queueWork.tsx';

/**
 * The cells every review queue's row has (deposits, withdrawals, KYC, loans): its checkbox for a
 * bulk rejection, the customer, and the note of a first approval under the four-eyes rule.
 */

/** The row's checkbox cell (pending rows only can be selected). */
export function SelectCell({ work, id, pending }: { work: QueueWork; id: string; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <td data-label={t('admin.queue.selectColumn')}>
      <SelectBox work={work} id={id} pending={pending} label={t('admin.queue.select', { id })} />
    </td>
  );
}

/** The customer's cell: name and id. */
export function WhoCell({ username, userId }: { username: string; userId: string }) {
  const { t } = useTranslation();
  return (
    <td data-label={t('admin.user')}>
      <Who username={username} userId={userId} />
    </td>
  );
}

/** Who approved first, while a second operator's approval is awaited. */
export function FirstApproval({ by, testId = 'first-approval' }: { by: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (!by) return null;
  return (
    <span className={`${wallet.hint} ${wallet.block}`} data-testid={testId}>
      {t('admin.firstApproval', { id: by })}
    </span>
  );
}
