import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/actors.tsx';
import { useOnlineService, useSocialLinks } from '../../services/queries/content.ts';

/** Online-service url and social links (content queries) for both shells. */
export function useServiceLinks() {
  const service = useOnlineService();
  const social = useSocialLinks();
  /** A new tab, or this tab when the browser blocks pop-ups (docs/products.md, section 2). */
  const openService = () => {
    const url = service.data?.url;
    if (!url) return void service.refetch();
    // not 'noopener' in the features: then open() always returns null and we could not tell a block
    const w = window.open(url, '_blank');
    if (w) w.opener = null;
    else location.assign(url);
  };
  return { serviceUrl: service.data?.url ?? null, openService, social: social.data ?? [] };
}

export function useLanguagePicker() {
  const { language } = useAppActors();
  const current = useSelector(language, (s) => s.context.language);
  const open = useSelector(language, (s) => s.matches('open'));
  const busy = useSelector(language, (s) => s.hasTag('busy'));
  return { current, open, busy, send: language.send };
}
