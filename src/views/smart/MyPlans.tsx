import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planAllows } from '../../machines/smart/smartPlan.ts';
import { smartExitFlow } from '../../services/smart/flows.ts';
import type { SmartPlan } from '../../contract/smart.ts';
import { useSmartPlans } from '../../services/smart/queries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import wallet from '../platform/styles/money.module.css';
import { pct, usdt, useWhen } from '../platform/components/moneyFormat.ts';
import styles from './smart.module.css';

const PAGE_SIZE = 10;
const TONE = { earning: 'pending', completed: 'good', exited: 'none' } as const;

/**
 * The user's plans: progress (days paid of the term), today's and total earnings, the next
 * earning time, and for a running plan the early exit. The list is asked again when a payout,
 * maturity or exit event arrives (invalidation.ts), so it changes on screen as money lands.
 */
export function MyPlans({ canExit }: { canExit: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const plans = useSmartPlans(page, PAGE_SIZE, true);
  const rows = plans.data?.rows ?? [];
  return (
    <Loadable query={plans}>
      {rows.length === 0 ? (
        <p className={styles.muted} data-testid="smart-no-plans">
          {t('smart.noPlans')}
        </p>
      ) : (
        <ul className={styles.plans} data-testid="smart-plans">
          {rows.map((p) => (
            <PlanCard key={p.id} plan={p} canExit={canExit} />
          ))}
        </ul>
      )}
      <Pager page={page} size={PAGE_SIZE} total={plans.data?.total ?? 0} onPage={setPage} />
    </Loadable>
  );
}

function PlanCard({ plan: p, canExit }: { plan: SmartPlan; canExit: boolean }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <li className={styles.plan} data-testid="smart-plan" data-id={p.id} data-status={p.status} data-days-paid={p.daysPaid}>
      <div className={styles.planHead}>
        <h3>{p.productName}</h3>
        <span className={wallet.status} data-tone={TONE[p.status]} data-testid="plan-status">
          {t(`smart.status.${p.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        <span className="num">{usdt(p.amount)}</span> · {t('smart.days', { n: p.days })} ·{' '}
        <span className="num">{pct(p.dailyRate)}</span> {t('smart.perDay')}
      </p>
      <div className={styles.progress}>
        <progress max={p.days} value={p.daysPaid} aria-label={t('smart.progress', { paid: p.daysPaid, days: p.days })} />
        <span className="num" data-testid="plan-progress">
          {t('smart.progress', { paid: p.daysPaid, days: p.days })}
        </span>
      </div>
      <dl className={styles.planFigures}>
        <div>
          <dt>{t('smart.today')}</dt>
          <dd className="num" data-testid="plan-today">
            {usdt(p.todayEarnings, 6)}
          </dd>
        </div>
        <div>
          <dt>{t('smart.totalEarned')}</dt>
          <dd className="num" data-testid="plan-total">
            {usdt(p.totalEarned, 6)}
          </dd>
        </div>
        {/* a promise while the plan runs; once it ends, what it paid is "total earned" above (an exit gave the rest back) */}
        {p.status === 'earning' && (
          <div>
            <dt>{t('smart.expectedProfit')}</dt>
            <dd className="num" data-testid="plan-expected">
              {usdt(p.expectedProfit, 6)}
            </dd>
          </div>
        )}
        {p.status === 'earning' && p.nextEarningTime && (
          <div>
            <dt>{t('smart.nextEarning')}</dt>
            <dd className="num" data-testid="plan-next">
              {when(p.nextEarningTime)}
            </dd>
          </div>
        )}
        {p.status !== 'earning' && p.closedAt && (
          <div>
            <dt>{t('smart.closedAt')}</dt>
            <dd className="num">{when(p.closedAt)}</dd>
          </div>
        )}
        {p.penalty !== null && (
          <div>
            <dt>{t('smart.penaltyPaid')}</dt>
            <dd className="num" data-testid="plan-penalty">
              {usdt(p.penalty, 6)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('smart.endTime')}</dt>
          <dd className="num">{when(p.endTime)}</dd>
        </div>
      </dl>
      {canExit && planAllows(p.status, 'plan.exit') && <ExitControls plan={p} />}
    </li>
  );
}

/** Moves the focus into the dialog when it opens. */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/**
 * Early exit as a smartExit flow: the button asks the service for the exact figures, the dialog
 * shows them (penalty, principal back, unpaid yield returned to the reserve) and only its
 * confirm button leaves the plan. A refusal shows in the dialog in the user's language.
 */
function ExitControls({ plan }: { plan: SmartPlan }) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [exit, send] = useFlow(
    (client) => smartExitFlow(client),
    (s) => ({
      dialog: s.hasTag('dialog'),
      busy: s.hasTag('busy'),
      quote: s.context.quote,
      refusal: s.matches('failed') ? s.context.refusal : null,
      confirming: s.matches('confirming'),
    }),
    { id: plan.id },
  );
  useEffect(() => {
    if (!exit.dialog) return;
    const key = (e: KeyboardEvent) => e.key === 'Escape' && send({ type: 'exit.cancel' });
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [exit.dialog, send]);
  const q = exit.quote;
  const titleId = `exit-${plan.id}`;
  return (
    <>
      <div className={wallet.actions}>
        <button type="button" className={wallet.danger} onClick={() => send({ type: 'exit.start' })} data-testid="plan-exit">
          {t('smart.exit')}
        </button>
      </div>
      {exit.dialog && (
        // a click on the backdrop cancels; the keyboard's way out is Escape or Cancel
        <div
          className={styles.overlay}
          role="presentation"
          onClick={(e) => e.target === e.currentTarget && send({ type: 'exit.cancel' })}
        >
          <div
            className={styles.dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-busy={exit.busy}
            data-testid="exit-dialog"
          >
            <h2 id={titleId}>{t('smart.exitTitle', { name: plan.productName })}</h2>
            {q ? (
              <>
                <p>{t('smart.exitText', { rate: pct(plan.earlyExitPenalty) })}</p>
                <dl className={wallet.quote} data-testid="exit-quote">
                  <div>
                    <dt>{t('smart.principal')}</dt>
                    <dd className="num" data-testid="quote-principal">
                      {usdt(q.principal, 6)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('smart.penaltyLabel')}</dt>
                    <dd className="num" data-testid="quote-penalty">
                      −{usdt(q.penalty, 6)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('smart.refund')}</dt>
                    <dd className="num" data-testid="quote-refund">
                      {usdt(q.refund, 6)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('smart.yieldReturned')}</dt>
                    <dd className="num" data-testid="quote-yield">
                      {usdt(q.unpaidYieldReturned, 6)}
                    </dd>
                  </div>
                </dl>
              </>
            ) : (
              !exit.refusal && <p aria-busy="true">{t('common.loading')}</p>
            )}
            {exit.refusal && (
              <p className={styles.refusal} role="alert" data-testid="exit-error" data-code={exit.refusal.code ?? ''}>
                {text(exit.refusal)}
              </p>
            )}
            <div className={wallet.actions}>
              {exit.refusal ? (
                <button
                  type="button"
                  className={wallet.secondary}
                  onClick={() => send({ type: 'exit.start' })}
                  data-testid="exit-retry"
                >
                  {t('common.retry')}
                </button>
              ) : (
                <button
                  type="button"
                  className={wallet.danger}
                  disabled={!exit.confirming}
                  onClick={() => send({ type: 'exit.confirm' })}
                  ref={q ? focusOnMount : undefined}
                  data-testid="exit-confirm"
                >
                  {t('smart.exitConfirm')}
                </button>
              )}
              <button
                type="button"
                className={wallet.secondary}
                disabled={exit.busy && !!q}
                onClick={() => send({ type: 'exit.cancel' })}
                data-testid="exit-cancel"
              >
                {t('wallet.cancel')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
