import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSession } from '../platform/app/hooks.ts';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import { formatUsdt } from '../platform/components/Figures.tsx';
import {
  BellIcon,
  ChevronIcon,
  DevicesIcon,
  HelpIcon,
  InviteIcon,
  KeyIcon,
  ListIcon,
  ShieldIcon,
  WalletIcon,
} from '../platform/components/Icons.tsx';
import { IdentityIcon } from '../platform/components/IdentityIcon.tsx';
import { SettingsIcon } from '../platform/settings/SettingsIcon.tsx';
import { ModeSwitch } from '../platform/shell/ModeSwitch.tsx';
import headings from '../platform/components/headings.module.css';
import surfaces from '../platform/styles/surfaces.module.css';
import styles from '../platform/styles/screens.module.css';

export default function Profile() {
  const { t } = useTranslation();
  const { loggedIn, user, account, demo, send } = useSession();
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('account.title')} />;
  const book = account?.balances[demo ? 'demo' : 'real'];
  return (
    <div className={styles.stack} data-testid="profile">
      <section className={styles.card} aria-labelledby="acc-title">
        <div className={styles.cardHead}>
          <h1 id="acc-title" className={headings.barTitle}>
            {t('account.welcome', { name: user?.username ?? '' })}
          </h1>
          <div className={styles.toolbar}>
            <div className={surfaces.darkFrame}>
              <ModeSwitch />
            </div>
            <button
              type="button"
              className={styles.sendCode}
              onClick={() => send({ type: 'session.logout' })}
              data-testid="profile-logout"
            >
              {t('auth.logout')}
            </button>
          </div>
        </div>
        <p className={styles.muted}>{user?.email ?? user?.phone ?? ''}</p>
        <dl className={styles.kv}>
          {/* one meaning of "available" everywhere: spendable USDT, as the balance page says; the valued sum is named as such */}
          <div>
            <dt>
              {t('account.totalValued')} · {t(demo ? 'session.demo' : 'session.real')}
            </dt>
            <dd className="num" data-testid="total-balance">
              {book ? formatUsdt(book.totalUsdt) : '—'} USDT
            </dd>
          </div>
          <div>
            <dt>{t('account.availableUsdt')}</dt>
            <dd className="num" data-testid="available-usdt">
              {book ? formatUsdt(book.assets.find((a) => a.asset === 'USDT')?.available ?? '0') : '—'} USDT
            </dd>
          </div>
          <div>
            <dt>{t('account.kyc')}</dt>
            <dd>{user ? t(`account.kycStatus.${user.kycStatus}`) : '—'}</dd>
          </div>
        </dl>
      </section>
      <nav className={styles.card} aria-label={t('account.title')}>
        <ul className={styles.links}>
          <li>
            <Link href="/profile/balance">
              <span>
                <WalletIcon width={18} height={18} /> {t('account.balance')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/portfolio" data-testid="profile-portfolio">
              <span>
                <WalletIcon width={18} height={18} /> {t('portfolio.title')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/orders" data-testid="profile-orders">
              <span>
                <ListIcon width={18} height={18} /> {t('orders.allOrders')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/notification">
              <span>
                <BellIcon width={18} height={18} /> {t('account.notifications')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/invite">
              <span>
                <InviteIcon width={18} height={18} /> {t('account.invite')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/verification" data-testid="profile-kyc">
              <span>
                <IdentityIcon width={18} height={18} /> {t('account.kyc')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/password" data-testid="profile-change-password">
              <span>
                <KeyIcon width={18} height={18} /> {t('account.changePassword')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/security" data-testid="profile-security">
              <span>
                <ShieldIcon width={18} height={18} /> {t('protection.title')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/settings" data-testid="profile-settings">
              <span>
                <SettingsIcon width={18} height={18} /> {t('settings.title')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/profile/sessions" data-testid="profile-sessions">
              <span>
                <DevicesIcon width={18} height={18} /> {t('account.sessions.title')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/help">
              <span>
                <HelpIcon width={18} height={18} /> {t('help.title')}
              </span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          {user?.role === 'operator' && (
            <li>
              <Link href="/admin" data-testid="operator-console">
                <span>
                  <ShieldIcon width={18} height={18} /> {t('admin.title')}
                </span>
                <ChevronIcon width={18} height={18} />
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
