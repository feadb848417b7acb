import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './loans.module.css';

export interface SignaturePadHandle {
  /** the drawing as a PNG, or null when nothing was drawn */
  toBlob: () => Promise<Blob | null>;
  clear: () => void;
}

/**
 * A pad to draw a signature with a finger, a pen or a mouse (pointer events), kept at the
 * canvas's device pixels so the line stays sharp on a phone. Tells its owner whether something is drawn.
 */
export function SignaturePad({ ref, onDrawn }: { ref: Ref<SignaturePadHandle>; onDrawn: (drawn: boolean) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const c = canvas.current!;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      c.width = Math.round(c.clientWidth * ratio);
      c.height = Math.round(c.clientHeight * ratio);
      const g = c.getContext('2d');
      if (!g) return;
      g.scale(ratio, ratio);
      g.lineWidth = 2.2;
      g.lineCap = 'round';
      g.lineJoin = 'round';
      g.strokeStyle = '#101828';
      drawn.current = false;
      onDrawn(false);
    };
    fit();
  }, [onDrawn]);

  useImperativeHandle(ref, () => ({
    toBlob: () => new Promise((resolve) => {
      if (!drawn.current || !canvas.current) return resolve(null);
      canvas.current.toBlob((b) => resolve(b), 'image/png');
    }),
    clear: () => {
      const c = canvas.current;
      c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      drawn.current = false;
      onDrawn(false);
    },
  }), [onDrawn]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  return (
    <canvas
      ref={canvas}
      className={styles.pad}
      role="img"
      aria-label={t('loan.signatureArea')}
      data-testid="signature-pad"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        last.current = point(e);
      }}
      onPointerMove={(e) => {
        if (!last.current) return;
        const g = e.currentTarget.getContext('2d');
        const p = point(e);
        if (!g) return;
        g.beginPath();
        g.moveTo(last.current.x, last.current.y);
        g.lineTo(p.x, p.y);
        g.stroke();
        last.current = p;
        if (!drawn.current) {
          drawn.current = true;
          onDrawn(true);
        }
      }}
      onPointerUp={() => { last.current = null; }}
      onPointerCancel={() => { last.current = null; }}
    />
  );
}
