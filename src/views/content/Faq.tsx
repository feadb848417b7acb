import { useTranslation } from 'react-i18next';
import { useFaq } from '../../services/content/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';
import faqStyles from './Faq.module.css';

export default function Faq() {
  const { t } = useTranslation();
  const faq = useFaq();
  return (
    <section className={styles.card} aria-labelledby="faq-title" data-testid="faq">
      <h1 id="faq-title" className={headings.pageTitle}>
        {t('help.faq')}
      </h1>
      <Loadable query={faq} empty={faq.data?.length === 0}>
        <ul className={styles.list}>
          {(faq.data ?? []).map((q) => (
            <li key={q.id}>
              <details>
                <summary className={faqStyles.question}>{q.question}</summary>
                <div className={styles.prose} dangerouslySetInnerHTML={{ __html: q.answer }} />
              </details>
            </li>
          ))}
        </ul>
      </Loadable>
    </section>
  );
}
