import { Link, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import flows from './flows.generated.json';
import { FlowDiagram } from './FlowDiagram.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import admin from '../platform/operator/admin.module.css';
import styles from './Flows.module.css';

/**
 * The operator console's Flows section (/admin/flows?machine=<id>): the statechart of every
 * machine in src/machines, as `npm run flows` drew it, with each transition marked covered or not
 * by the generated path tests. A lazy chunk of the console; the diagrams themselves load Mermaid.
 */
type Flow = (typeof flows)[number];

const count = (f: Flow) => ({ covered: f.transitions.filter((t) => t.covered).length, total: f.transitions.length });

export default function Flows() {
  const { t } = useTranslation();
  const wanted = new URLSearchParams(useSearch()).get('machine');
  const [, navigate] = useLocation();
  const flow = flows.find((f) => f.id === wanted) ?? flows[0];
  if (!flow) return null;
  const { covered, total } = count(flow);
  const href = (id: string) => `/admin/flows?machine=${encodeURIComponent(id)}`;
  const state = (path: string) => (path === '' ? t('admin.flows.anyState') : path);
  return (
    <>
      <section className={screens.card} aria-labelledby="adm-flows" data-testid="admin-flows">
        <div className={screens.cardHead}>
          <h2 id="adm-flows">{t('admin.sections.flows')}</h2>
        </div>
        <p className={styles.intro}>{t('admin.flows.intro')}</p>
        <nav className={styles.machines} aria-label={t('admin.flows.machines')}>
          {flows.map((f) => {
            const c = count(f);
            return (
              <Link
                key={f.id}
                href={href(f.id)}
                aria-current={f.id === flow.id ? 'page' : undefined}
                data-testid={`flow-link-${f.id}`}
              >
                <span className={wallet.mono}>{f.id}</span>
                <span className={c.covered === c.total && c.total > 0 ? styles.full : c.covered ? styles.part : styles.none}>
                  {c.covered}/{c.total}
                </span>
              </Link>
            );
          })}
        </nav>
        {/* on a phone the list of machines would push the diagram off screen: a picker instead */}
        <label className={styles.picker}>
          <span>{t('admin.flows.machines')}</span>
          <select value={flow.id} onChange={(e) => navigate(href(e.target.value))} data-testid="flow-picker">
            {flows.map((f) => {
              const c = count(f);
              return <option key={f.id} value={f.id}>{`${f.id} (${c.covered}/${c.total})`}</option>;
            })}
          </select>
        </label>
      </section>
      <section className={screens.card} aria-labelledby="adm-flow" data-testid="flow" data-machine={flow.id}>
        <div className={screens.cardHead}>
          <h2 id="adm-flow" className={wallet.mono}>
            {flow.id}
          </h2>
          <span className={styles.summary} data-testid="flow-coverage">
            {flow.models.length ? t('admin.flows.coverage', { covered, total }) : t('admin.flows.noModel')}
          </span>
        </div>
        {flow.description && (
          <p className={styles.description} dir="ltr">
            {flow.description}
          </p>
        )}
        <p className={styles.source}>
          {t('admin.flows.definedIn')} <code className={wallet.mono}>{flow.source}</code>
          {flow.models.map((m) => (
            <span key={m}>
              {' '}
              · <code className={wallet.mono}>{m}</code>
            </span>
          ))}
        </p>
        <FlowDiagram id={flow.id} text={flow.mermaid} label={t('admin.flows.diagram', { machine: flow.id })} />
        <p className={styles.legend}>
          <span className={styles.yes}>✓ {t('admin.flows.covered')}</span>{' '}
          <span className={styles.no}>✗ {t('admin.flows.uncovered')}</span>
        </p>
        <div className={styles.tableBox}>
          <table className={`${screens.dataTable} ${admin.cards}`} data-testid="flow-transitions">
            <thead>
              <tr>
                <th>{t('admin.flows.from')}</th>
                <th>{t('admin.flows.event')}</th>
                <th>{t('admin.flows.guard')}</th>
                <th>{t('admin.flows.to')}</th>
                <th>{t('admin.flows.status')}</th>
              </tr>
            </thead>
            <tbody>
              {flow.transitions.map((tr, i) => (
                <tr key={i} data-covered={tr.covered ? 'true' : 'false'}>
                  <td data-label={t('admin.flows.from')} className={wallet.mono}>
                    {state(tr.from)}
                  </td>
                  <td data-label={t('admin.flows.event')} className={wallet.mono}>
                    {tr.label}
                  </td>
                  <td data-label={t('admin.flows.guard')} className={wallet.mono}>
                    {tr.guard ?? '—'}
                  </td>
                  <td data-label={t('admin.flows.to')} className={wallet.mono}>
                    {tr.to.length ? tr.to.join(', ') : t('admin.flows.stays')}
                  </td>
                  <td data-label={t('admin.flows.status')}>
                    <span className={tr.covered ? styles.yes : styles.no}>
                      {tr.covered ? `✓ ${t('admin.flows.covered')}` : `✗ ${t('admin.flows.uncovered')}`}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
