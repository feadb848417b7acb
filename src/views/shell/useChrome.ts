import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/actors.tsx';
import { useResource } from '../app/hooks.ts';
import { contentApi } from '../../services/contentApi.ts';
import { useTranslation } from 'react-i18next';

/** Online-service url and social links (from the content API) for both shells. */
export function useServiceLinks() {
  const { i18n } = useTranslation();
  const service = useResource((_: { lang: string }, signal) => contentApi.onlineService(signal), { lang: i18n.language });
  const social = useResource((_: { lang: string }, signal) => contentApi.socialLinks(signal), { lang: i18n.language });
  /** A new tab, or this tab when the browser blocks pop-ups (spec section 7). */
  const openService = () => {
    const url = service.data?.url;
    if (!url) return service.reload();
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
  const open = useSelector(language, (s) => s.matches({ picker: 'open' }));
  const busy = useSelector(language, (s) => s.hasTag('busy'));
  return { current, open, busy, send: language.send };
}
