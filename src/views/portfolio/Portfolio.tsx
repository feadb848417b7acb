import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HISTORY_DAYS, PORTFOLIO_PARTS, type EquityPoint, type HistoryDays } from '../../contract/portfolio.ts';
import { useEquityHistory, usePortfolio } from '../../services/portfolio/queries.ts';
import { useSession } from '../platform/app/hooks.ts';
import { formatUsdt } from '../platform/components/Figures.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import trade from '../trading/trade.module.css';
import styles from '../alerts/alerts.module.css';
import { useFormat } from '../platform/components/useFormat.ts';
import own from './portfolio.module.css';

/**
 * The portfolio of the selected book (/profile/portfolio, docs/portfolio.md): each part of the
 * equity as the service computed it at the current prices (the total is their sum, debt
 * subtracted), the open positions' result after fees, and the equity history of the stored
 * daily snapshots for 7, 30 or 90 days.
 */
export default function Portfolio() {
  const { t } = useTranslation();
  const { loggedIn, demo } = useSession();
  if (!loggedIn) return <SignedOutScreen className={screens.card} title={t('portfolio.title')} />;
  return (
    <div className={screens.stack} data-testid="portfolio">
      <Summary demo={demo} />
      <History />
    </div>
  );
}

const tone = (v: string) =>
  formatUsdt(v, { sign: true }).startsWith('+') ? styles.up : formatUsdt(v).startsWith('\u2212') ? styles.down : '';

function Summary({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const q = usePortfolio();
  const p = q.data;
  return (
    <section className={screens.card} aria-labelledby="pf-title">
      <div className={screens.cardHead}>
        <h1 id="pf-title" className={headings.barTitle}>
          {t('portfolio.title')} · {t(demo ? 'session.demo' : 'session.real')}
        </h1>
      </div>
      <Loadable query={q}>
        {p && (
          <>
            <dl className={styles.parts} data-testid="portfolio-parts">
              {PORTFOLIO_PARTS.map((part) => (
                <div key={part} data-testid={`part-${part}`} data-value={p.parts[part]}>
                  <dt>{t(`portfolio.parts.${part}`)}</dt>
                  <dd className="num">
                    {/* debt is owed: shown negative, and no sign at all while it is zero (never "−0.00") */}
                    {formatUsdt(part === 'debt' ? `-${p.parts[part]}` : p.parts[part])} USDT
                  </dd>
                </div>
              ))}
              <div className={styles.total} data-testid="portfolio-equity" data-value={p.equity}>
                <dt>{t('portfolio.equity')}</dt>
                <dd className="num">{formatUsdt(p.equity)} USDT</dd>
              </div>
              <div data-testid="portfolio-unrealised" data-value={p.unrealisedNet}>
                <dt>{t('portfolio.unrealised')}</dt>
                <dd className={`num ${tone(p.unrealisedNet)}`}>{formatUsdt(p.unrealisedNet, { sign: true })} USDT</dd>
              </div>
            </dl>
            {!p.complete && <p className={screens.muted}>{t('portfolio.incomplete')}</p>}
            <p className={screens.muted}>{t('portfolio.note')}</p>
            {p.positions.length > 0 && (
              <ul className={styles.list} data-testid="portfolio-positions">
                {p.positions.map((x) => (
                  <li key={x.id} className={styles.row}>
                    <strong>
                      {x.code} · {t(`orders.dir.${x.direction}`)} · {x.lots}
                    </strong>
                    <span className="num">{t('portfolio.value', { value: formatUsdt(x.value) })}</span>
                    <span className={`num ${tone(x.net)}`}>{formatUsdt(x.net, { sign: true })} USDT</span>
                    <Link href={`/profile/orders/${x.id}?book=${p.book}`}>{t('orders.viewOrder')}</Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loadable>
    </section>
  );
}

function History() {
  const { t } = useTranslation();
  const [days, setDays] = useState<HistoryDays>(30);
  const q = useEquityHistory(days);
  return (
    <section className={screens.card} aria-labelledby="pf-history">
      <div className={screens.cardHead}>
        <h2 id="pf-history">{t('portfolio.history')}</h2>
        <div className={trade.chips} role="group" aria-label={t('portfolio.range')}>
          {HISTORY_DAYS.map((d) => (
            <button key={d} type="button" aria-pressed={days === d} onClick={() => setDays(d)} data-testid={`range-${d}`}>
              {t('portfolio.days', { days: d })}
            </button>
          ))}
        </div>
      </div>
      <Loadable query={q}>
        {q.data &&
          (q.data.points.length >= 2 ? (
            <EquityChart points={q.data.points} label={t('portfolio.history')} />
          ) : q.data.points[0] ? (
            <LonePoint point={q.data.points[0]} />
          ) : (
            <p className={screens.muted}>{t('portfolio.historyEmpty')}</p>
          ))}
      </Loadable>
    </section>
  );
}

/** A new account's one point: today's equity said in words, and how the line will grow, not a dot in an empty frame. */
function LonePoint({ point }: { point: EquityPoint }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={own.lone} data-testid="equity-lone" data-value={point.equity}>
      <p className={own.loneLabel}>{t('portfolio.historyToday', { day: format.date(`${point.day}T12:00:00Z`) })}</p>
      <p className={`num ${own.loneValue}`}>{formatUsdt(point.equity)} USDT</p>
      <p className={screens.muted}>{t('portfolio.historyGrows')}</p>
    </div>
  );
}

/** A plain-SVG line of the daily points (one per stored day, then today), with the first and last values. */
function EquityChart({ points, label }: { points: readonly EquityPoint[]; label: string }) {
  const W = 600;
  const H = 180;
  const values = points.map((p) => Number(p.equity));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => (points.length < 2 ? W / 2 : (i / (points.length - 1)) * (W - 8) + 4);
  const y = (v: number) => H - 8 - ((v - min) / span) * (H - 16);
  const d = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const up = values.length < 2 || values[values.length - 1] >= values[0];
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={styles.chart}
      role="img"
      aria-label={label}
      data-testid="equity-chart"
      data-points={points.length}
      preserveAspectRatio="none"
    >
      <path
        d={d}
        fill="none"
        stroke={up ? 'var(--up)' : 'var(--down)'}
        strokeWidth="2"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      {values.map((v, i) => (
        <circle key={points[i].day} cx={x(i)} cy={y(v)} r="3" fill={up ? 'var(--up)' : 'var(--down)'}>
          <title>{`${points[i].day}: ${formatUsdt(points[i].equity)} USDT`}</title>
        </circle>
      ))}
    </svg>
  );
}
