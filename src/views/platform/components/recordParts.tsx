import { useTranslation } from 'react-i18next';
import { statusView, type RecordKind } from '../../../machines/platform/recordStatus.ts';
import { toast } from '../../../services/platform/toast.ts';
import styles from '../styles/money.module.css';
import i18n from 'i18next';
import { formatDateTimeIn } from '../../../i18n/format.ts';

/** A record's status label, from its lifecycle chart (machines/recordStatus.ts), with the operator's reason. */
export function StatusBadge({ kind, status, reason }: { kind: RecordKind; status: string; reason?: string | null }) {
  const { t } = useTranslation();
  const view = statusView(kind, status);
  const tone = view.awaitingReview ? 'pending' : status === 'rejected' ? 'bad' : view.final ? 'good' : 'none';
  return (
    <>
      <span className={styles.status} data-tone={tone} data-status={status} data-testid="status">
        {t(view.key)}
      </span>
      {reason && (
        <span className={styles.reason} data-testid="reject-reason">
          {t('wallet.reasonLabel', { reason })}
        </span>
      )}
    </>
  );
}

/** Copies text and says whether it worked ("copy success" / "copy error"). */
export async function copyText(text: string, labels: { ok: string; failed: string }): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
    else throw new Error('no clipboard');
    toast(labels.ok, 'success');
  } catch {
    // older browsers and denied permissions: the selection-based copy still works in most
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    toast(ok ? labels.ok : labels.failed, ok ? 'success' : 'error');
  }
}

/** Long hashes and addresses: start…end, the whole value in the title. */
export const shorten = (s: string, keep = 8) => (s.length > keep * 2 + 1 ? `${s.slice(0, keep)}…${s.slice(-keep)}` : s);

/** A record's time in the app's language (src/i18n/format.ts). */
export const localTime = (iso: string) => formatDateTimeIn(i18n.language || 'en', iso);
