import { configFragment, url } from '../platform/env.ts';

/** The variables the content domain reads (README, "Configuration"): the links of the home page and the footer. */
export const CONTENT_ENV = {
  ONLINE_SERVICE_URL: url(['https'], 'the online-service button'),
  SOCIAL_DISCORD_URL: url(['https'], 'footer link'),
  SOCIAL_TWITTER_URL: url(['https'], 'footer link'),
  SOCIAL_TELEGRAM_URL: url(['https'], 'footer link'),
};

/** Checked at start with the rest; read where they are used (server/content/params.ts), so they add no field to the configuration. */
export const contentConfig = configFragment(CONTENT_ENV, () => ({}));
