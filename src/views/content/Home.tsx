import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { shellFor } from '../../services/platform/device.ts';
import type { ContentListItem } from '../../services/platform/types.ts';
import { useContentLists, useHomeFigures } from '../../services/content/queries.ts';
import { formatClockTime } from '../../i18n/format.ts';
import { useMarketList } from '../../services/market/index.ts';
import { useFeedStatus, useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { MarketList } from '../platform/components/MarketList.tsx';
import { FeedBadge, formatDecimal, formatUsdt } from '../platform/components/Figures.tsx';
import { AccountIcon, BellIcon, ChevronIcon, LoanIcon, MarketIcon, NftIcon, TradingIcon } from '../platform/components/Icons.tsx';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';
import home from './Home.module.css';

export function Home() {
  const mobile = shellFor(navigator.userAgent) === 'mobile';
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const feed = useFeedStatus();
  const marketRows = mobile ? 6 : 8;
  const markets = useMarketList({ type: 'crypto', pageSize: marketRows });
  return (
    <div className={`${styles.stack} ${home.page}`}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">{t('home.heroTitle')}</h1>
        <p>{t('home.heroText')}</p>
        <div>
          <Link href={loggedIn ? '/market' : '/pass/register'} className={home.start}>
            {t('home.start')}
          </Link>
        </div>
      </section>
      <div className={styles.twoCol}>
        <section className={styles.card} aria-labelledby="markets-title">
          <div className={styles.cardHead}>
            <h2 id="markets-title">{t('home.markets')}</h2>
            {/* the desktop top bar shows the feed state; the phone shows it here */}
            {mobile && <FeedBadge status={feed.status} />}
            <Link href="/market">{t('home.viewAll')}</Link>
          </div>
          <Loadable
            query={markets}
            placeholder={
              <MarketList items={[]} placeholderRows={marketRows} compact={mobile} chart caption={t('home.markets')} />
            }
          >
            <MarketList items={markets.data?.rows ?? []} compact={mobile} chart caption={t('home.markets')} />
          </Loadable>
        </section>
        <div className={styles.stack}>
          <WalletTile />
          <Link href="/help/notice" className={`${styles.tile} ${styles.darkTile}`} data-testid="notice-tile">
            <BellIcon />
            <strong>{t('home.notice')}</strong>
            <span>{t('home.noticeText')}</span>
          </Link>
        </div>
      </div>
      {/* promotions, not a second navigation landmark: the top bar (or tab bar) is the one labelled main navigation */}
      <div className={styles.tiles}>
        <Link href="/market" className={styles.tile}>
          <MarketIcon />
          <strong>{t('home.promoMarket')}</strong>
          <span>{t('home.promoMarketText')}</span>
        </Link>
        <Link href="/loan" className={styles.tile}>
          <LoanIcon />
          <strong>{t('home.promoLoan')}</strong>
          <span>{t('home.promoLoanText')}</span>
        </Link>
        <Link href="/trading" className={styles.tile}>
          <TradingIcon />
          <strong>{t('home.promoTrading')}</strong>
          <span>{t('home.promoTradingText')}</span>
        </Link>
        <Link href="/nfts" className={styles.tile}>
          <NftIcon />
          <strong>{t('home.promoNfts')}</strong>
          <span>{t('home.promoNftsText')}</span>
        </Link>
      </div>
      <HomeFigures />
      {mobile && <ContentLinks />}
    </div>
  );
}

function WalletTile() {
  const { t } = useTranslation();
  const { loggedIn, demo, account } = useSession();
  const book = account?.balances[demo ? 'demo' : 'real'];
  return (
    // signed in, the tile opens the portfolio: everything the balance is made of (docs/portfolio.md)
    <Link href={loggedIn ? '/profile/portfolio' : '/profile'} className={styles.tile} data-testid="wallet-tile">
      <AccountIcon />
      <strong>
        {t('home.wallet')} · {t(demo ? 'home.walletDemo' : 'home.walletReal')}
      </strong>
      {loggedIn ? (
        <span>
          {t('home.walletBalance')}: <b className="num">{book ? formatUsdt(book.totalUsdt) : '—'}</b> USDT
        </span>
      ) : (
        <span>{t('home.walletLoggedOut')}</span>
      )}
    </Link>
  );
}

/** Marketing figures, computed by the service from its own data (never typed in). */
function HomeFigures() {
  const { t } = useTranslation();
  const figures = useHomeFigures();
  const f = figures.data;
  return (
    <section className={styles.card} aria-labelledby="figures-title" data-testid="home-figures">
      <h2 id="figures-title" className={headings.sectionTitle}>
        {t('home.figures')}
      </h2>
      <Loadable query={figures}>
        {f && (
          <>
            <dl className={styles.figures}>
              {/* only figures that mean something on this install: no "0 users", no simulator volume */}
              <div data-testid="figure-fee">
                <dt>{t('home.figureFee')}</dt>
                <dd className="num">{formatDecimal(f.feeCeiling.percent)}%</dd>
              </div>
              <div data-testid="figure-instruments">
                <dt>{t('home.figureInstruments')}</dt>
                <dd className="num">{formatDecimal(String(f.instruments.total))}</dd>
              </div>
              {!f.simulatedPrices && f.volume24hUsdt && (
                <div data-testid="figure-volume">
                  <dt>{t('home.figureVolume')}</dt>
                  <dd className="num">{formatDecimal(f.volume24hUsdt, 0)}</dd>
                </div>
              )}
              {f.registeredUsers > 0 && (
                <div data-testid="figure-users">
                  <dt>{t('home.figureUsers')}</dt>
                  <dd className="num">{formatDecimal(String(f.registeredUsers))}</dd>
                </div>
              )}
            </dl>
            <p className={styles.note} data-testid="figures-note">
              {t('home.figuresNote', { time: formatClockTime(f.computedAt) })}
            </p>
          </>
        )}
      </Loadable>
    </section>
  );
}

/** Mobile home: company, policy and statement pages. */
function ContentLinks() {
  const { t } = useTranslation();
  const lists = useContentLists();
  const [company, policy, statements] = lists.lists;
  const block = (title: string, items: ContentListItem[], id: string) => (
    <section className={styles.card} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={headings.groupTitle}>
        {title}
      </h2>
      <ul className={styles.links}>
        {items.map((c) => (
          <li key={c.id}>
            <Link href={`/detail?id=${c.id}&title=${encodeURIComponent(c.title)}`}>
              <span>{c.title}</span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
  return (
    <Loadable query={lists}>
      {block(t('home.companyLinks'), company, 'company-links')}
      {block(t('home.policyLinks'), policy, 'policy-links')}
      {block(t('home.statementLinks'), statements, 'statement-links')}
    </Loadable>
  );
}
