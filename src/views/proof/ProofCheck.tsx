import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { proofCheckMachine } from '../../machines/proof/proofCheck.ts';
import { proofCheckFlow } from '../../services/proof/flows.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import headings from '../platform/components/headings.module.css';
import ui from '../platform/components/ui.module.css';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import styles from './proof.module.css';

const view = (s: SnapshotFrom<typeof proofCheckMachine>) => ({
  state: s.value as string,
  proof: s.context.proof,
  root: s.context.publishedRoot,
  refusal: s.context.refusal,
});

/**
 * The wallet page's proof check (real book): the customer fetches their inclusion proof, the
 * browser recomputes the published root from it (src/machines/proof/proofCheck.ts), and the verified
 * proof can be saved to check again offline with `npm run verify-proof`.
 */
export function ProofCheck() {
  const { t } = useTranslation();
  const when = useWhen();
  const refusalText = useRefusalText();
  const [s, send] = useFlow(proofCheckFlow, view);
  return (
    <section className={screens.card} aria-labelledby="proof-check-title" data-testid="proof-check" data-state={s.state}>
      <h2 id="proof-check-title" className={headings.barTitle}>
        {t('proof.check.title')}
      </h2>
      <p className={styles.muted}>
        {t('proof.check.intro')} <Link href="/proof">{t('proof.title')}</Link>
      </p>
      {s.state === 'verified' && s.proof && (
        <div className={styles.verdict} data-ok="true" role="status" data-testid="proof-verdict">
          <p>{t('proof.check.verified', { when: when(s.proof.takenAt) })}</p>
          <p data-testid="proof-check-parts" data-parts={s.proof.format === 'pol2' ? s.proof.parts.length : 1}>
            {s.proof.format === 'pol2' ? t('proof.check.parts', { parts: s.proof.parts.length }) : t('proof.check.legacy')}
          </p>
          <dl className={styles.facts}>
            {s.proof.assets.map((a, i) => (
              <div key={a}>
                <dt>{a}</dt>
                <dd className="num">{formatMoney(s.proof!.balances[i], a, { full: true })}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.hash} dir="ltr" data-testid="proof-check-root">
            {s.root}
          </p>
        </div>
      )}
      {s.state === 'mismatch' && (
        <p className={styles.verdict} data-ok="false" role="alert" data-testid="proof-verdict">
          {t('proof.check.mismatch')}
        </p>
      )}
      {s.state === 'failed' && (
        <p className={styles.verdict} data-ok="false" role="alert" data-testid="proof-verdict">
          {refusalText(s.refusal)}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={ui.button}
          disabled={s.state === 'loading'}
          onClick={() => send({ type: 'proof.check' })}
          data-testid="proof-check-start"
        >
          {t(s.state === 'loading' ? 'proof.check.loading' : s.state === 'idle' ? 'proof.check.start' : 'proof.check.again')}
        </button>
        {s.state === 'verified' && (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => send({ type: 'proof.save' })}
            data-testid="proof-save"
          >
            {t('proof.check.save')}
          </button>
        )}
      </div>
      {s.state === 'verified' && (
        <p className={styles.muted}>
          {t('proof.check.offline')}{' '}
          <code className={styles.command} dir="ltr">
            npm run verify-proof -- proof.json
          </code>
        </p>
      )}
    </section>
  );
}
