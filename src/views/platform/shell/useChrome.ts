import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useAppActors } from '../app/actors.tsx';
import { useOnlineService, useSocialLinks } from '../../../services/content/queries.ts';

/** Online-service url and social links (content queries) for both shells. */
export function useServiceLinks() {
  const service = useOnlineService();
  const social = useSocialLinks();
  const [, navigate] = useLocation();
  const url = service.data?.url;
  // no chat service configured: the service's url is this site's own support page (its public
  // url, which may name another host than the one in the address bar, e.g. behind a proxy)
  const target = url ? new URL(url, location.href) : null;
  const own = (p: string) => ['/support', '/help'].includes(p.replace(/\/$/, ''));
  const external = !!target && target.origin !== location.origin && !own(target.pathname);
  /**
   * A chat service: a new tab, or this tab when the browser blocks pop-ups (docs/support.md).
   * Without one, the built-in support chat in this tab: a second tab of the same site would be a loop.
   */
  const openService = () => {
    // not known yet (or not answered), or this site's own: the built-in chat, never a click that does nothing
    if (!url || !external) return navigate('/support');
    // not 'noopener' in the features: then open() always returns null and we could not tell a block
    const w = window.open(url, '_blank');
    if (w) w.opener = null;
    else location.assign(url);
  };
  return { serviceUrl: url ?? null, chatService: external, openService, social: social.data ?? [] };
}

export function useLanguagePicker() {
  const { language } = useAppActors();
  const current = useSelector(language, (s) => s.context.language);
  const open = useSelector(language, (s) => s.matches('open'));
  const busy = useSelector(language, (s) => s.hasTag('busy'));
  return { current, open, busy, send: language.send };
}
