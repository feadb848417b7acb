import { useEffect, useRef } from 'react';

/**
 * A money confirmation as a modal <dialog>: opened on mount, focus on its title (the book), not on
 * the first button at the bottom of a tall dialog, scrolled to its top, closed on unmount.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    d?.querySelector<HTMLElement>('h2')?.focus();
    if (d) d.scrollTop = 0;
    return () => d?.close();
  }, []);
  return ref;
}
