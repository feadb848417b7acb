import { useEffect, useRef } from 'react';
import wallet from '../styles/money.module.css';
import styles from './SignaturePad.module.css';

/**
 * A signature drawn in the app (the identity verification and the loan agreement): a canvas
 * taking pointer events (mouse, pen and touch alike), its bitmap at the screen's pixel density so
 * the line stays sharp on a phone. Each finished stroke hands the whole drawing over as a PNG
 * blob; Clear hands over null. The owner's flow keeps the signature; the pad only draws.
 */
export function SignaturePad({
  onChange,
  signed,
  invalid = false,
  label,
  hint,
  clearLabel,
  testId,
  clearTestId,
}: {
  onChange: (png: Blob | null) => void;
  /** the owner holds a signature (shown as data-signed) */
  signed: boolean;
  invalid?: boolean;
  /** the canvas's accessible name */
  label: string;
  hint?: string;
  clearLabel: string;
  testId: string;
  clearTestId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

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
        aria-label={label}
        data-invalid={invalid}
        data-testid={testId}
        data-signed={signed}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className={styles.actions}>
        {hint ? <small className={wallet.hint}>{hint}</small> : <span />}
        <button type="button" className={wallet.secondary} onClick={clear} data-testid={clearTestId}>
          {clearLabel}
        </button>
      </div>
    </div>
  );
}
