import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementEvent, StatementLeg } from '../../contract/wallet.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime } from '../platform/components/recordParts.tsx';
import { PagedTable } from './PagedTable.tsx';
import styles from '../platform/styles/money.module.css';
import own from './StatementEvents.module.css';

type Page = { rows: StatementEvent[]; total: number };
type List = Parameters<typeof PagedTable<StatementEvent>>[0]['list'] & { data?: Page };

const isZero = (v: string) => !/[1-9]/.test(v);

/**
 * The records one event a line (docs/ledger.md, "Statement"): what happened and the net change
 * of the available balance and of what is held; a click opens the event's transfers, each with
 * the accounts it left and reached. A move between the user's own accounts reads as held, never
 * as money leaving.
 */
export function StatementEvents({
  list,
  page,
  size,
  onPage,
  tools,
}: {
  list: List;
  page: number;
  size: number;
  onPage: (p: number) => void;
  tools: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <PagedTable
      list={list}
      page={page}
      size={size}
      onPage={onPage}
      testId="statement"
      tools={tools}
      head={
        <>
          <th className={styles.hideSmall}>{t('account.date')}</th>
          <th>{t('wallet.recordWhat')}</th>
          <th className={own.change}>{t('wallet.recordChange')}</th>
        </>
      }
      row={(e) => {
        const shown = open === e.id;
        const legsId = `legs-${e.id.replace(/[^a-z0-9]/gi, '-')}`;
        return (
          <Fragment key={e.id}>
            <tr data-testid="statement-row" data-kind={e.kind} data-id={e.id}>
              <td className={`num ${styles.hideSmall}`}>{localTime(e.time)}</td>
              <td>
                <button
                  type="button"
                  className={own.what}
                  aria-expanded={shown}
                  aria-controls={legsId}
                  title={t('wallet.showLegs')}
                  onClick={() => setOpen(shown ? null : e.id)}
                  data-testid="statement-event"
                >
                  <span className={own.chevron} aria-hidden="true" data-open={shown} />
                  <span data-testid="statement-label">{t(`wallet.records.${e.kind}`, { defaultValue: e.kind })}</span>
                </button>
                {/* a phone has no room for the time's own column: it goes under what happened */}
                <span className={`num ${own.whenSmall}`}>{localTime(e.time)}</span>
              </td>
              <td className={`num ${own.change}`} data-testid="statement-net">
                <Nets event={e} />
              </td>
            </tr>
            {shown && (
              <tr id={legsId} className={own.legsRow} data-testid="statement-legs">
                <td colSpan={3}>
                  <ul className={own.legs} aria-label={t('wallet.legs')}>
                    {e.legs.map((l) => (
                      <LegLine key={l.transferId} leg={l} />
                    ))}
                  </ul>
                </td>
              </tr>
            )}
          </Fragment>
        );
      }}
    />
  );
}

function Nets({ event }: { event: StatementEvent }) {
  const { t } = useTranslation();
  const lines = event.nets.flatMap((n) => [
    ...(isZero(n.available)
      ? []
      : [
          <span
            key={`${n.asset}-a`}
            className={`${own.net} ${n.available.startsWith('-') ? styles.out : styles.in}`}
            data-asset={n.asset}
            data-part="available"
            data-value={n.available}
          >
            {formatMoney(n.available, n.asset, { sign: true })} {n.asset}
          </span>,
        ]),
    ...(isZero(n.held)
      ? []
      : [
          <span
            key={`${n.asset}-h`}
            className={`${own.net} ${styles.hint}`}
            data-asset={n.asset}
            data-part="held"
            data-value={n.held}
          >
            {/* the amount isolated left to right, so an Arabic sentence does not split the figure from its unit */}
            {t('wallet.heldChange', { amount: `\u2066${formatMoney(n.held, n.asset, { sign: true })} ${n.asset}\u2069` })}
          </span>,
        ]),
  ]);
  return lines.length ? <>{lines}</> : <span className={styles.hint}>{t('wallet.noChange')}</span>;
}

function LegLine({ leg }: { leg: StatementLeg }) {
  const { t } = useTranslation();
  const account = (p: string | null) => (p ? t(`wallet.purposes.${p}`, { defaultValue: p }) : t('wallet.outside'));
  return (
    <li data-testid="statement-leg" data-reason={leg.reason}>
      <span>
        {t(`${leg.reason.startsWith('loan.') ? 'loan' : 'wallet'}.reasons.${leg.reason.replace('.', '_')}`, {
          defaultValue: leg.reason,
        })}
      </span>
      <span className={styles.hint}>{t('wallet.fromTo', { from: account(leg.from), to: account(leg.to) })}</span>
      <span className="num">
        {formatMoney(leg.amount, leg.asset, { full: true })} {leg.asset}
      </span>
    </li>
  );
}
