import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKycImage } from '../../services/kyc/queries.ts';
import styles from './kyc.module.css';

/**
 * A Blob (a picked photo, the drawn signature, a stored image fetched with the token) shown
 * through an object URL that lives exactly as long as the image shows it.
 */
export function BlobImage({ blob, alt, testId }: { blob: Blob; alt: string; testId?: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!image.current) return;
    const url = URL.createObjectURL(blob);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={image} className={styles.preview} alt={alt} data-testid={testId} />;
}

/** A stored document image (owner or operator): never a public address. */
export function StoredImage({ url, alt, testId }: { url: string; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const image = useKycImage(url);
  if (image.isError)
    return (
      <div className={styles.placeholder} role="alert">
        {t('common.failed')}
      </div>
    );
  if (!image.data)
    return (
      <div className={styles.placeholder} aria-busy="true">
        {t('common.loading')}
      </div>
    );
  return <BlobImage blob={image.data} alt={alt} testId={testId} />;
}
