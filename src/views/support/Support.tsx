import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { conversationAllows } from '../../machines/support/supportConversation.ts';
import type { SupportConversation } from '../../contract/support.ts';
import {
  useCloseConversation,
  useOpenConversation,
  useSendSupportMessage,
  useSupportConversations,
  useSupportThread,
} from '../../services/support/queries.ts';
import { useSession } from '../platform/app/hooks.ts';
import { ChevronIcon } from '../platform/components/Icons.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import { useMediaQuery } from '../platform/components/useMediaQuery.ts';
import { LoginPrompt } from '../platform/components/LoginPrompt.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import { Composer, MessageList } from './Thread.tsx';
import styles from './support.module.css';
import { subjectTitle } from './subject.ts';

/** Narrow screens (the stylesheet's breakpoint) show the list and the conversation in turns. */
const NARROW = '(max-width: 820px)';
const useNarrow = () => useMediaQuery(NARROW);

/** 'new': the first-message form; a conversation's id: that conversation; null: nothing chosen yet. */
type Pane = 'new' | string | null;

/**
 * Online support (/support): where the service button leads when no outside chat service is
 * configured. A visitor gets the help centre and a sign-in prompt; a signed-in user their
 * conversations, one conversation with its messages (live: the operators' answers arrive on the
 * user channel) and a composer with an image attachment. On a phone the list and the
 * conversation take turns.
 */
export default function Support() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const list = useSupportConversations(loggedIn);
  const [pane, setPane] = useState<Pane>(null);
  const narrow = useNarrow();
  if (!loggedIn) {
    return (
      <section className={screens.card} aria-labelledby="sup-title" data-testid="support">
        <h1 id="sup-title" className={headings.pageTitle}>
          {t('support.title')}
        </h1>
        <p className={screens.muted}>{t('support.visitor')}</p>
        <ul className={screens.links}>
          <li>
            <Link href="/help">
              <span>{t('help.title')}</span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
          <li>
            <Link href="/help/faq">
              <span>{t('help.faq')}</span>
              <ChevronIcon width={18} height={18} />
            </Link>
          </li>
        </ul>
        <LoginPrompt />
      </section>
    );
  }
  const rows = list.data?.rows ?? [];
  // until the user picks: the first open conversation, or the first-message form when there is none
  // (on a narrow screen the list comes first: nothing is opened, so nothing is marked read, unseen)
  const shown: Pane = pane ?? (narrow || !list.data ? null : (rows.find((c) => c.status === 'open')?.id ?? 'new'));
  return (
    <div className={styles.layout} data-testid="support" data-pane={pane === null ? 'list' : 'thread'}>
      <section className={`${screens.card} ${styles.listPane}`} aria-labelledby="sup-title">
        <div className={screens.cardHead}>
          <h1 id="sup-title" className={headings.pageTitle}>
            {t('support.title')}
          </h1>
          <button type="button" className={styles.secondary} onClick={() => setPane('new')} data-testid="chat-new">
            {t('support.new')}
          </button>
        </div>
        <p className={screens.muted}>{t('support.intro')}</p>
        <Loadable query={list}>
          {rows.length === 0 ? (
            <p className={screens.note} data-testid="chat-none">
              {t('support.none')}
            </p>
          ) : (
            <ConversationList rows={rows} current={shown} onPick={setPane} />
          )}
        </Loadable>
      </section>
      <section className={`${screens.card} ${styles.threadPane}`} aria-label={t('support.conversation')}>
        <button type="button" className={`${styles.linkButton} ${styles.back}`} onClick={() => setPane(null)}>
          {t('support.back')}
        </button>
        {shown === 'new' && <NewConversation onOpened={setPane} />}
        {shown !== 'new' && shown !== null && <Conversation id={shown} onNew={() => setPane('new')} />}
      </section>
    </div>
  );
}

function ConversationList({
  rows,
  current,
  onPick,
}: {
  rows: readonly SupportConversation[];
  current: Pane;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <ul className={styles.conversations} data-testid="chat-list">
      {rows.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className={styles.conversation}
            aria-current={c.id === current ? 'true' : undefined}
            onClick={() => onPick(c.id)}
            data-testid="chat-conversation"
            data-status={c.status}
          >
            <span className={styles.subject} dir="auto">
              {subjectTitle(c.subject)}
            </span>
            <span className={styles.meta}>
              <span className={styles.status} data-status={c.status}>
                {t(`support.status.${c.status}`)}
              </span>
              <time dateTime={c.lastMessageAt}>{when(c.lastMessageAt)}</time>
            </span>
            {c.unread > 0 && (
              <span className={styles.unread} aria-label={t('support.unread', { count: c.unread })} data-testid="chat-unread">
                {c.unread}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

function NewConversation({ onOpened }: { onOpened: (id: string) => void }) {
  const { t } = useTranslation();
  const open = useOpenConversation();
  return (
    <div className={styles.thread} data-testid="chat-start">
      <h2 className={styles.h2}>{t('support.new')}</h2>
      <p className={screens.muted}>{t('support.firstHint')}</p>
      <Composer
        label={t('support.first')}
        placeholder={t('support.first')}
        allowImage={false}
        busy={open.isPending}
        error={open.error?.message ?? null}
        onSend={(v) => open.mutateAsync({ text: v.text, clientKey: v.clientKey }).then((r) => onOpened(r.conversation.id))}
      />
    </div>
  );
}

function Conversation({ id, onNew }: { id: string; onNew: () => void }) {
  const { t } = useTranslation();
  const thread = useSupportThread(id);
  const send = useSendSupportMessage();
  const close = useCloseConversation();
  const c = thread.data?.conversation;
  return (
    <Loadable query={thread}>
      {c && thread.data && (
        <div className={styles.thread} data-testid="chat-thread" data-status={c.status}>
          <div className={styles.threadHead}>
            <h2 className={styles.h2} dir="auto">
              {subjectTitle(c.subject)}
            </h2>
            {conversationAllows(c.status, 'conversation.close') && (
              <button
                type="button"
                className={styles.linkButton}
                disabled={close.isPending}
                onClick={() => close.mutate(c.id)}
                data-testid="chat-close"
              >
                {t('support.close')}
              </button>
            )}
          </div>
          <MessageList messages={thread.data.messages} mine="user" />
          {conversationAllows(c.status, 'conversation.post') ? (
            <Composer
              label={t('support.message')}
              placeholder={t('support.placeholder')}
              allowImage
              busy={send.isPending}
              error={send.error?.message ?? null}
              onSend={(v) => send.mutateAsync({ conversationId: c.id, ...v })}
            />
          ) : (
            <p className={styles.closedNote} data-testid="chat-closed">
              {t('support.closedNote')}{' '}
              <button type="button" className={styles.linkButton} onClick={onNew}>
                {t('support.new')}
              </button>
            </p>
          )}
        </div>
      )}
    </Loadable>
  );
}
