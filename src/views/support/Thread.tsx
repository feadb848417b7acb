import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '../../contract/support.ts';
import { useAttachment } from '../../services/support/queries.ts';
import { useWhen } from '../platform/components/moneyFormat.ts';
import styles from './support.module.css';

/** An attached image, fetched with the session's token and shown through an object URL that lives as long as the image. */
function Attachment({ id, width, height, admin }: { id: string; width: number; height: number; admin: boolean }) {
  const { t } = useTranslation();
  const blob = useAttachment(id, admin).data;
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!blob || !image.current) return;
    const url = URL.createObjectURL(blob);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // the reserved box keeps the list from jumping when the image arrives
  return blob ? (
    <img ref={image} className={styles.image} width={width} height={height} alt={t('support.image')} data-testid="chat-image" />
  ) : (
    <span className={styles.imagePlaceholder} aria-busy="true">
      {t('common.loading')}
    </span>
  );
}

/**
 * The messages of a conversation, oldest first, the viewer's own on the inline-end side. Kept
 * scrolled to the newest message as messages arrive (live, through the user channel).
 */
export function MessageList({
  messages,
  mine,
  admin = false,
}: {
  messages: readonly SupportMessage[];
  mine: 'user' | 'operator';
  admin?: boolean;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  const box = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [last]);
  return (
    <ol className={styles.messages} ref={box} aria-live="polite" data-testid="chat-messages">
      {messages.map((m) => (
        <li key={m.id} className={styles.message} data-mine={m.author === mine} data-author={m.author} data-testid="chat-message">
          <span className={styles.who}>
            {m.author === 'user' ? (mine === 'user' ? t('support.you') : t('support.customer')) : t('support.agent')}
          </span>
          {m.attachment && (
            <Attachment id={m.attachment.id} width={m.attachment.width} height={m.attachment.height} admin={admin} />
          )}
          {m.text && (
            <p className={styles.text} dir="auto">
              {m.text}
            </p>
          )}
          <time className={styles.time} dateTime={m.createdAt}>
            {when(m.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}

export interface ComposerValues {
  text: string;
  image: File | null;
}

/**
 * Writes one message: text, and (for customers) an image. The client key is made once per
 * submission, so a retry after a timeout sends nothing twice; the box empties once sent.
 */
export function Composer({
  onSend,
  busy,
  error,
  allowImage,
  label,
  placeholder,
}: {
  onSend: (v: ComposerValues & { clientKey: string }) => Promise<unknown>;
  busy: boolean;
  error: string | null;
  allowImage: boolean;
  label: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const key = useRef<{ of: string; key: string } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const ready = !busy && (text.trim() !== '' || image !== null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const of = `${text}\u0000${image?.name ?? ''}\u0000${image?.size ?? ''}`;
    if (key.current?.of !== of) key.current = { of, key: crypto.randomUUID() };
    onSend({ text, image, clientKey: key.current.key }).then(
      () => {
        setText('');
        setImage(null);
        key.current = null;
        if (file.current) file.current.value = '';
      },
      () => {},
    );
  };
  return (
    <form className={styles.composer} onSubmit={submit} data-testid="chat-composer">
      <label className={styles.compose}>
        <span className="visually-hidden">{label}</span>
        <textarea
          value={text}
          rows={2}
          maxLength={2000}
          placeholder={placeholder}
          data-testid="chat-text"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
        />
      </label>
      <div className={styles.composerTools}>
        {allowImage && (
          <label className={styles.attach}>
            <span>{image ? t('support.attached', { name: image.name }) : t('support.attach')}</span>
            <input
              ref={file}
              type="file"
              accept="image/png,image/jpeg,image/jp2,.jp2,.j2k"
              className="visually-hidden"
              data-testid="chat-file"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
          </label>
        )}
        {image && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setImage(null);
              if (file.current) file.current.value = '';
            }}
          >
            {t('support.removeImage')}
          </button>
        )}
        <button type="submit" className={styles.send} disabled={!ready} data-testid="chat-send">
          {busy ? t('support.sending') : t('support.send')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
    </form>
  );
}
