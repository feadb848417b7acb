import { useState } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../i18n/format.ts';
import { useDocumentAccess } from '../../services/auth/account.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import styles from '../platform/styles/screens.module.css';
import own from './Sessions.module.css';

const PAGE_SIZE = 20;

/**
 * When operators opened the user's documents (identity, deposit proofs, loan signature, support
 * images) and why: the server audits every such read and shows it here without the operator's
 * name (docs/security.md, "Personal data reads").
 */
export function DocumentAccess() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useDocumentAccess(page);
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="doc-access-title" data-testid="document-access">
      <div className={styles.cardHead}>
        <h2 id="doc-access-title">{t('account.documentAccess.title')}</h2>
      </div>
      <p className={styles.muted}>{t('account.documentAccess.hint')}</p>
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={styles.note}>{t('account.documentAccess.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {rows.map((r, i) => (
              <li key={`${r.at}-${i}`} className={own.item} data-testid="document-access-row">
                <div className={own.body}>
                  <span className={own.device}>{t(`account.documentAccess.documents.${r.document}`)}</span>
                  <span className={styles.note}>
                    {t('account.documentAccess.line', {
                      time: formatDateTimeIn(i18n.language, r.at),
                      reason: t(`account.documentAccess.reasons.${r.reason}`),
                    })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} total={list.data?.total ?? 0} size={PAGE_SIZE} onPage={setPage} />
      </Loadable>
    </section>
  );
}
