import { useTranslation } from 'react-i18next';
import { contentApi } from '../../services/contentApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import styles from './screens.module.css';

export default function Faq() {
  const { t, i18n } = useTranslation();
  const faq = useResource((_: { lang: string }, signal) => contentApi.faq(signal), { lang: i18n.language });
  return (
    <section className={styles.card} aria-labelledby="faq-title" data-testid="faq">
      <h1 id="faq-title" style={{ fontSize: 24 }}>{t('help.faq')}</h1>
      <Loadable loading={faq.loading && !faq.data} failed={faq.failed} reload={faq.reload} empty={faq.data?.length === 0}>
        <ul className={styles.list}>
          {(faq.data ?? []).map((q) => (
            <li key={q.id}>
              <details>
                <summary style={{ minBlockSize: 44, display: 'flex', alignItems: 'center', cursor: 'pointer', fontWeight: 600 }}>{q.question}</summary>
                <div className={styles.prose} dangerouslySetInnerHTML={{ __html: q.answer }} />
              </details>
            </li>
          ))}
        </ul>
      </Loadable>
    </section>
  );
}
