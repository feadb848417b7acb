import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Flows.module.css';

/**
 * One Mermaid state diagram, drawn in the browser. Mermaid is imported here and nowhere else, so
 * it is a chunk of its own that only the operator console's Flows section downloads. The text
 * comes from the build (flows.generated.json); 'strict' still sanitises labels and disables clicks.
 */
type Mermaid = (typeof import('mermaid'))['default'];
let ready: Promise<Mermaid> | null = null;

/** The design tokens as concrete colours: Mermaid derives its shades from real values, not var(). */
function themeVariables() {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    fontFamily: token('--font', 'system-ui, sans-serif'),
    primaryColor: token('--paper-2', '#f5f7fb'),
    primaryBorderColor: token('--navy-600', '#24385f'),
    primaryTextColor: token('--ink', '#0f172a'),
    lineColor: token('--ink-2', '#475569'),
    secondaryColor: token('--paper', '#ffffff'),
    tertiaryColor: token('--paper', '#ffffff'),
  };
}

function loadMermaid(): Promise<Mermaid> {
  ready ??= import('mermaid').then(({ default: mermaid }) => {
    // natural size: the box scrolls on a phone instead of shrinking the labels out of reach
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'base',
      themeVariables: themeVariables(),
      state: { useMaxWidth: false },
    });
    return mermaid;
  });
  return ready;
}

let renders = 0;

export function FlowDiagram({ id, text, label }: { id: string; text: string; label: string }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<{ text: string; svg: string } | { text: string; error: string } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    loadMermaid()
      .then((mermaid) => mermaid.render(`flow-${id.replace(/[^A-Za-z0-9_-]/g, '_')}-${++renders}`, text))
      .then(({ svg }) => live && setDrawn({ text, svg }))
      .catch((e: unknown) => live && setDrawn({ text, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [id, text]);

  // transition labels end in ✓ or ✗ (see scripts/flows/mermaid.ts): mark them so the stylesheet colours them
  useEffect(() => {
    box.current?.querySelectorAll('.edgeLabel').forEach((el) => {
      const s = el.textContent?.trim() ?? '';
      if (s.endsWith('✓')) el.setAttribute('data-covered', 'true');
      else if (s.endsWith('✗')) el.setAttribute('data-covered', 'false');
    });
  }, [drawn]);

  const current = drawn?.text === text ? drawn : null;
  if (!current)
    return (
      <div className={styles.diagram} aria-busy="true" data-testid="flow-diagram" data-drawn="false">
        {t('common.loading')}
      </div>
    );
  if ('error' in current)
    return (
      <p className={styles.failed} role="alert" data-testid="flow-diagram-failed">
        {t('admin.flows.diagramFailed')}
      </p>
    );
  // the SVG Mermaid produced with securityLevel 'strict' from the generated diagram text
  const html = { __html: current.svg };
  return (
    <div
      ref={box}
      className={styles.diagram}
      role="img"
      aria-label={label}
      data-testid="flow-diagram"
      data-drawn="true"
      dir="ltr"
      dangerouslySetInnerHTML={html}
    />
  );
}
