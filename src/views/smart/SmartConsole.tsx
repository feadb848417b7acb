import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSmartUsers, useSetSmartEnabled } from '../../services/smart/queries.ts';
import type { SmartUser } from '../../contract/smart.ts';
import { toast } from '../../services/platform/toast.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';
import own from './SmartConsole.module.css';
import { ReservePanel } from './ReservePanel.tsx';
import { SmartProductsEditor } from './SmartProductsEditor.tsx';

/**
 * Smart plans in the console: the yield reserve (ReservePanel: figures, house capital proposed by
 * one operator and confirmed by another, the movements), the products (SmartProductsEditor) and the per-user smart trading switch. Every
 * change is audited by the service; refusals show beside the form that made them.
 */
export function SmartConsole() {
  return (
    <>
      <ReservePanel />
      <SmartProductsEditor />
      <SmartUsers />
    </>
  );
}

function SmartUsers() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminSmartUsers(q);
  const rows = users.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-smart-users" data-testid="admin-smart-users">
      <div className={screens.cardHead}>
        <h2 id="adm-smart-users">{t('admin.smart.users')}</h2>
      </div>
      <form
        className={own.searchForm}
        onSubmit={(e) => {
          e.preventDefault();
          setQ(input.trim());
        }}
        role="search"
      >
        <label>
          <span>{t('admin.smart.findUser')}</span>
          <input
            className={styles.cellInput}
            value={input}
            maxLength={100}
            dir="ltr"
            onChange={(e) => setInput(e.target.value)}
            data-testid="smart-user-q"
          />
        </label>
        <button type="submit" className={wallet.secondary} data-testid="smart-user-search">
          {t('admin.smart.search')}
        </button>
      </form>
      {q && (
        <Loadable query={users}>
          {rows.length === 0 ? (
            <p className={screens.muted}>{t('admin.empty')}</p>
          ) : (
            <ul className={own.users}>
              {rows.map((u) => (
                <SmartUserRow key={u.id} user={u} />
              ))}
            </ul>
          )}
        </Loadable>
      )}
    </section>
  );
}

function SmartUserRow({ user }: { user: SmartUser }) {
  const { t } = useTranslation();
  const set = useSetSmartEnabled();
  return (
    <li className={own.user} data-testid="smart-user" data-username={user.username} data-enabled={user.smartEnabled}>
      <span>
        <strong>{user.username}</strong> <span className={styles.userId}>#{user.id}</span>
        <br />
        <span className={`${wallet.hint} ${styles.anywhere}`}>{user.email ?? '—'}</span>
      </span>
      <span className={wallet.status} data-tone={user.smartEnabled ? 'good' : 'none'}>
        {t(user.smartEnabled ? 'admin.enabled' : 'admin.disabled')}
      </span>
      <button
        type="button"
        className={user.smartEnabled ? wallet.danger : wallet.secondary}
        disabled={set.isPending}
        onClick={() =>
          set.mutate({ id: user.id, smartEnabled: !user.smartEnabled }, { onSuccess: () => toast(t('admin.saved'), 'success') })
        }
        data-testid="smart-user-toggle"
      >
        {t(user.smartEnabled ? 'admin.smart.turnOff' : 'admin.smart.turnOn')}
      </button>
      {set.error && (
        <span className={styles.refusal} role="alert">
          {set.error.message}
        </span>
      )}
    </li>
  );
}
