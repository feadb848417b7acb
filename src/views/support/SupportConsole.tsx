import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationAllows } from '../../machines/support/supportConversation.ts';
import type { SupportConversationStatus } from '../../contract/support.ts';
import { useAdminSupportThread, useOperatorClose, useOperatorReply, useSupportQueue } from '../../services/support/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import { Composer, MessageList } from './Thread.tsx';
import support from './support.module.css';
import { AdminList, Who } from '../platform/operator/queue.tsx';
import own from './SupportConsole.module.css';
import { subjectTitle } from './subject.ts';

/**
 * The operators' support console (/admin/support): the queue of open conversations, those
 * waiting for an answer first and the longest waiting first (or the closed ones), and the chosen
 * conversation with its messages, a reply box and the close button (audited). New messages
 * arrive live: every `support.*` event on the operator's user channel refreshes both.
 */
export function SupportConsole() {
  const { t } = useTranslation();
  const when = useWhen();
  const [status, setStatus] = useState<SupportConversationStatus>('open');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useSupportQueue(status, page);
  const rows = list.data?.rows ?? [];
  const tools = (
    <div className={screens.segmented} role="tablist" aria-label={t('support.admin.queue')}>
      {(['open', 'closed'] as const).map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={s === status}
          onClick={() => {
            setStatus(s);
            setPage(1);
          }}
          data-testid={`support-filter-${s}`}
        >
          {t(`support.status.${s}`)}
        </button>
      ))}
    </div>
  );
  return (
    <div className={own.layout}>
      <AdminList
        id="adm-sup"
        testId="admin-support"
        title={t('support.admin.queue')}
        tools={tools}
        list={list}
        rows={rows}
        page={page}
        onPage={setPage}
      >
        <ul className={support.conversations}>
          {rows.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={support.conversation}
                aria-current={c.id === chosen ? 'true' : undefined}
                onClick={() => setChosen(c.id)}
                data-testid="support-queue-row"
                data-user={c.username}
                data-waiting={c.status === 'open' && c.lastAuthor === 'user'}
              >
                <span>
                  <Who username={c.username} userId={c.userId} />
                </span>
                <span className={support.subject} dir="auto">
                  {subjectTitle(c.subject)}
                </span>
                <span className={support.meta}>
                  <span className={support.status} data-status={c.status}>
                    {c.status === 'open'
                      ? c.lastAuthor === 'user'
                        ? t('support.admin.waiting')
                        : t('support.admin.answered')
                      : t('support.status.closed')}
                  </span>
                  <time dateTime={c.lastMessageAt}>{when(c.lastMessageAt)}</time>
                </span>
                {c.unread > 0 && (
                  <span className={support.unread} aria-label={t('support.unread', { count: c.unread })}>
                    {c.unread}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </AdminList>
      <section className={screens.card} aria-label={t('support.conversation')} data-testid="admin-support-thread">
        {chosen ? <OperatorThread id={chosen} /> : <p className={screens.muted}>{t('support.admin.choose')}</p>}
      </section>
    </div>
  );
}

function OperatorThread({ id }: { id: string }) {
  const { t } = useTranslation();
  const thread = useAdminSupportThread(id);
  const reply = useOperatorReply();
  const close = useOperatorClose();
  const c = thread.data?.conversation;
  return (
    <Loadable query={thread}>
      {c && thread.data && (
        <div className={support.thread} data-status={c.status}>
          <div className={support.threadHead}>
            <h2 className={support.h2} dir="auto">
              {subjectTitle(c.subject)}
            </h2>
            {conversationAllows(c.status, 'conversation.close') && (
              <button
                type="button"
                className={support.secondary}
                disabled={close.isPending}
                onClick={() => close.mutate(c.id)}
                data-testid="support-close"
              >
                {t('support.admin.close')}
              </button>
            )}
          </div>
          <p className={screens.muted}>
            <Who username={c.username} userId={c.userId} />
          </p>
          <MessageList messages={thread.data.messages} mine="operator" admin />
          {conversationAllows(c.status, 'conversation.post') ? (
            <Composer
              label={t('support.admin.reply')}
              placeholder={t('support.admin.reply')}
              allowImage={false}
              busy={reply.isPending}
              error={reply.error?.message ?? null}
              onSend={(v) => reply.mutateAsync({ conversationId: c.id, text: v.text, clientKey: v.clientKey })}
            />
          ) : (
            <p className={support.closedNote} data-testid="support-closed">
              {t('support.status.closed')}
            </p>
          )}
          {close.error && (
            <p className={support.error} role="alert">
              {close.error.message}
            </p>
          )}
        </div>
      )}
    </Loadable>
  );
}
