import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLangOf, isLanguage } from '../../i18n/languages.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { useCloseReviewWindow, useQueueAges, useReviewWindow } from '../../services/admin/opsQueries.ts';
import { reviewWindowPasskeyFlow } from '../../services/admin/windowFlow.ts';
import { usePasskeys } from '../../services/wallet/index.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import screens from '../platform/styles/screens.module.css';
import own from './AdminScreen.module.css';

/** Minutes and seconds, or hours and minutes, in the language's own unit words. */
function duration(seconds: number, language: string): string {
  const lang = isLanguage(language) ? htmlLangOf(language) : language;
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  if (seconds >= 3600) return `${unit(Math.floor(seconds / 3600), 'hour')} ${unit(Math.floor((seconds % 3600) / 60), 'minute')}`;
  if (seconds >= 60) return `${unit(Math.floor(seconds / 60), 'minute')} ${unit(seconds % 60, 'second')}`;
  return unit(seconds, 'second');
}

/** Seconds since the answer came, counted on screen so the time left moves without asking the service again. */
function useSecondsSince(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return Math.max(0, Math.floor((now - at) / 1000));
}

/**
 * Above every console section: this session's review window (time left and its factor, or
 * closed: the next money review asks for the code once; docs/security.md, "Review window") and
 * how long the oldest item of each review queue has waited. Shown once one of the two has
 * something to say.
 */
export function ReviewStatus() {
  const { t, i18n } = useTranslation();
  const w = useReviewWindow();
  const ages = useQueueAges();
  const close = useCloseReviewWindow();
  const passed = useSecondsSince(w.dataUpdatedAt);
  const left = w.data?.open ? Math.max(0, w.data.secondsLeft - passed) : 0;
  const open = left > 0 && w.data?.window;
  // an operator with a passkey may open the window with it instead of a code
  const passkeys = usePasskeys();
  const [withPasskey, sendPasskey] = useFlow(reviewWindowPasskeyFlow, submissionView);
  const text = useRefusalText();
  const offerPasskey = !!w.data?.asked && !open && (passkeys.data?.rows.length ?? 0) > 0;
  // nothing to show yet (the window and the ages still loading, or no window and no ages): no card,
  // rather than an empty bar above the section
  if (!w.data?.asked && !ages.data) return null;
  return (
    <section className={screens.card} aria-labelledby="adm-review-status" data-testid="review-status">
      <h2 id="adm-review-status" className={own.visuallyHidden}>
        {t('admin.window.title')}
      </h2>
      {/* an operator whose reviews need no second factor has no window to show */}
      {w.data?.asked && (
        <p data-testid="review-window" data-open={open ? 'true' : 'false'} role="status">
          {open
            ? t('admin.window.open', { time: duration(left, i18n.language), factor: t(`admin.window.factor.${open.factor}`) })
            : t('admin.window.closed')}
          {offerPasskey && (
            <>
              {' '}
              <button
                type="button"
                onClick={() => {
                  sendPasskey({ type: 'windowPasskey.reset' });
                  sendPasskey({ type: 'windowPasskey.submit', values: {} });
                }}
                disabled={withPasskey.busy}
                data-testid="review-window-passkey"
              >
                {t('admin.window.passkey')}
              </button>
            </>
          )}
          {offerPasskey && withPasskey.refusal && (
            <span className={own.refusal} role="alert" data-testid="review-window-passkey-error">
              {text(withPasskey.refusal)}
            </span>
          )}
          {open && (
            <>
              {' '}
              <button type="button" onClick={() => close.mutate()} disabled={close.isPending} data-testid="review-window-close">
                {t('admin.window.close')}
              </button>
            </>
          )}
        </p>
      )}
      {ages.data && (
        <ul className={own.queueAges} data-testid="queue-ages">
          {ages.data.rows.map((q) => (
            <li key={q.queue} data-queue={q.queue} data-age={q.oldestAgeSeconds}>
              {q.pending === 0
                ? t('admin.window.queueEmpty', { queue: t(`admin.window.queue.${q.queue}`) })
                : t('admin.window.queueAge', {
                    queue: t(`admin.window.queue.${q.queue}`),
                    n: q.pending,
                    age: duration(q.oldestAgeSeconds, i18n.language),
                  })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
