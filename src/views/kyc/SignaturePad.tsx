import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import wallet from '../wallet/wallet.module.css';
import styles from './kyc.module.css';

/**
 * A signature drawn in the app: a canvas taking pointer events (mouse, pen and touch alike; the
 * canvas has touch-action: none so a finger draws instead of scrolling). Each finished stroke
 * hands the drawing over as a PNG blob; Clear hands over null.
 */
export function SignaturePad({ onChange, invalid, hasSignature }: { onChange: (png: Blob | null) => void; invalid: boolean; hasSignature: boolean }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  // the bitmap matches the box's size on screen and the screen's pixel density
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = c.getBoundingClientRect();
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0f172a';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    // a tap leaves a dot
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };
  const up = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    e.currentTarget.toBlob((blob) => onChange(blob), 'image/png');
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    onChange(null);
  };
  return (
    <div className={styles.pad}>
      <canvas
        ref={canvas}
        className={styles.canvas}
        role="img"
        aria-label={t('kyc.signatureArea')}
        data-invalid={invalid}
        data-testid="kyc-signature-pad"
        data-signed={hasSignature}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className={styles.actions}>
        <small className={wallet.hint}>{t('kyc.signatureHint')}</small>
        <button type="button" className={wallet.secondary} onClick={clear} data-testid="kyc-signature-clear">{t('kyc.clear')}</button>
      </div>
    </div>
  );
}
