import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmartProducts } from '../../services/smart/queries.ts';
import { useAvailable } from '../../services/wallet/index.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { BuyForm, type Blocked } from './BuyForm.tsx';
import { MyPlans } from './MyPlans.tsx';
import { Products, type Choice } from './Products.tsx';
import { Disclosure, ReserveFigures } from './Reserve.tsx';
import styles from './smart.module.css';

/**
 * Smart trading (/trading): the products with their rates and what the reserve can back, the
 * public reserve figures and what the yield is (a fixed rate from the platform's reserve, not a
 * trading result), the purchase form with its projected schedule, and the user's plans.
 * Anyone may look and preview; buying needs a signed-in user in the real book with smart
 * trading on (the service checks all of it again).
 */
export default function Trading() {
  const { t } = useTranslation();
  const { loggedIn, demo, user } = useSession();
  const products = useSmartProducts();
  const balance = useAvailable('USDT', loggedIn, 'real');
  const [choice, setChoice] = useState<Choice | null>(null);
  const blocked: Blocked = !loggedIn ? 'login' : demo ? 'demo' : user && !user.smartEnabled ? 'disabled' : null;
  const available = loggedIn ? (balance.data ?? null) : null;
  const onSale = (products.data?.products ?? []).filter((p) => p.enabled);
  // until the user picks, the form shows the first term on sale, and its card shows it picked
  const first = onSale.find((p) => p.terms.length > 0);
  const picked = choice ?? (first ? { productId: first.id, days: first.terms[0].days } : null);

  return (
    <div className={screens.stack} data-testid="trading">
      <section className={screens.card} aria-labelledby="tr-title">
        <h1 id="tr-title" className={headings.pageTitle}>
          {t('trading.title')}
        </h1>
        <p className={styles.muted}>{t('smart.intro')}</p>
        <Disclosure />
        <Loadable query={products}>{products.data && <ReserveFigures reserve={products.data.reserve} />}</Loadable>
      </section>
      <div className={styles.layout}>
        <section className={screens.card} aria-labelledby="tr-products">
          <h2 id="tr-products" className={styles.h2}>
            {t('smart.products')}
          </h2>
          <Loadable query={products}>
            <Products products={onSale} choice={picked} onChoose={setChoice} />
          </Loadable>
        </section>
        <section className={screens.card} aria-labelledby="tr-buy" id="smart-buy">
          <h2 id="tr-buy" className={styles.h2}>
            {t('smart.buyTitle')}
          </h2>
          <Loadable query={products}>
            <BuyForm products={onSale} choice={picked} onChoose={setChoice} available={available} blocked={blocked} />
          </Loadable>
        </section>
      </div>
      {loggedIn && (
        <section className={screens.card} aria-labelledby="tr-plans">
          <h2 id="tr-plans" className={styles.h2}>
            {t('trading.plans')}
          </h2>
          <MyPlans canExit={!demo} />
        </section>
      )}
    </div>
  );
}
