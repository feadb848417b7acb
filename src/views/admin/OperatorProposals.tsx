import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useDecideOperatorProposal, useOperatorProposals, type AdminOperatorProposal } from '../../services/admin/queries.ts';
import { toast } from '../../services/platform/toast.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { FourEyesActions } from '../platform/components/FourEyesActions.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import { localTime } from '../platform/components/recordParts.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/**
 * Operator changes waiting for a second operator: another operator confirms (the server decides
 * who may: older than the proposal, past its waiting period, not linked to the proposer) or
 * rejects; the proposer may withdraw its own.
 */
export function OperatorProposals() {
  const { t } = useTranslation();
  const list = useOperatorProposals();
  const rows = list.data?.rows ?? [];
  return (
    <div data-testid="operator-proposals">
      <h3 className={styles.proposalsTitle}>{t('admin.operators.proposalsTitle')}</h3>
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={screens.note}>{t('admin.operators.proposalsEmpty')}</p>
        ) : (
          <ul className={screens.list}>
            {rows.map((p) => (
              <Proposal key={p.id} p={p} />
            ))}
          </ul>
        )}
      </Loadable>
    </div>
  );
}

function Proposal({ p }: { p: AdminOperatorProposal }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const me = useSelector(session, (s) => s.context.user?.id ?? null);
  const decide = useDecideOperatorProposal();
  const run = (decision: 'confirm' | 'reject') =>
    decide.mutate({ id: p.id, decision }, { onSuccess: () => toast(t('admin.saved'), 'success') });
  return (
    <li data-testid="operator-proposal" data-kind={p.kind}>
      <strong>
        {t(p.kind === 'create' ? 'admin.operators.kindCreate' : 'admin.operators.kindDisable', { name: p.targetName })}
      </strong>
      <br />
      <span className={wallet.hint}>
        {t('admin.operators.proposedBy', { name: p.proposedByName, time: localTime(p.createdAt) })}
      </span>
      <FourEyesActions mine={p.proposedBy === me} busy={decide.isPending} onDecide={run} testPrefix="proposal" />
      {decide.error && (
        <p className={styles.refusal} role="alert" data-testid="proposal-error">
          {decide.error.message}
        </p>
      )}
    </li>
  );
}
