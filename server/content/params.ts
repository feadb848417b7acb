import Decimal from 'decimal.js';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../platform/config.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { params } from './schema.ts';
import { PARAM_KEYS, SOCIAL_TYPES, type SocialLink } from '../../src/contract/content.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';

/**
 * System parameters. Until operators can edit them, their values come from the configuration:
 * `config` rows are rewritten at every start so a parameter never disagrees with what the
 * service applies (the withdrawal fee the wallet charges is config.withdrawFeeRate).
 * Social links and the online-service url are not in Config; they are read from the
 * environment here (docs/content.md): SOCIAL_DISCORD_URL, SOCIAL_TWITTER_URL,
 * SOCIAL_TELEGRAM_URL, ONLINE_SERVICE_URL.
 */
export function configParams(config: Config, env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const httpsOnly = (v: string | undefined) => (v && /^https:\/\/\S{1,500}$/.test(v) ? v : undefined);
  return {
    [PARAM_KEYS.WITHDRAW_FEE_RATE]: new Decimal(config.withdrawFeeRate).toString(),
    [PARAM_KEYS.PRICE_FEED]: config.feed.kind,
    [PARAM_KEYS.GOOGLE_SIGN_IN]: config.oidc ? 'on' : 'off',
    [PARAM_KEYS.WITHDRAW_HOLD_HOURS]: String(config.withdrawHoldAfterResetHours),
    [PARAM_KEYS.BRAND_NAME]: config.brandName,
    [PARAM_KEYS.PUBLIC_HOST]: new URL(config.publicUrl).hostname,
    // this site's own support chat when no chat service is configured (docs/support.md)
    [PARAM_KEYS.ONLINE_SERVICE_URL]: httpsOnly(env.ONLINE_SERVICE_URL) ?? `${config.publicUrl.replace(/\/$/, '')}/support`,
    [PARAM_KEYS.DISCORD_URL]: httpsOnly(env.SOCIAL_DISCORD_URL),
    [PARAM_KEYS.TWITTER_URL]: httpsOnly(env.SOCIAL_TWITTER_URL),
    [PARAM_KEYS.TELEGRAM_URL]: httpsOnly(env.SOCIAL_TELEGRAM_URL),
  };
}

/** Idempotent: safe on every start and on several instances starting together. */
export async function seedParams(db: DbOrTx, config: Config, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const values = configParams(config, env);
  const present = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
  const absent = Object.entries(values)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (present.length) {
    await db
      .insert(params)
      .values(present.map(([key, value]) => ({ key, value, source: 'config' as const, isPublic: true })))
      .onConflictDoUpdate({
        target: params.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        // never overwrite a value an operator set, and leave updatedAt alone when nothing changed
        setWhere: sql`${params.source} = 'config' and ${params.value} is distinct from excluded.value`,
      });
  }
  // a link removed from the configuration disappears instead of lingering
  if (absent.length) await db.delete(params).where(and(inArray(params.key, absent), eq(params.source, 'config')));
}

/** A public parameter, or refusal 10018 (unknown keys and private ones look the same). */
export async function publicParam(db: DbOrTx, key: string): Promise<string> {
  const [row] = await db
    .select({ value: params.value })
    .from(params)
    .where(and(eq(params.key, key), eq(params.isPublic, true)));
  if (!row) throw new BizError(Err.SYSTEM_PARAM_FAILED);
  return row.value;
}

export async function socialLinks(db: DbOrTx): Promise<SocialLink[]> {
  const keys = SOCIAL_TYPES.map((t) => `${t}_url`);
  const rows = await db
    .select({ key: params.key, value: params.value })
    .from(params)
    .where(and(inArray(params.key, keys), eq(params.isPublic, true), ne(params.value, '')));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return SOCIAL_TYPES.filter((t) => byKey.has(`${t}_url`)).map((type) => ({ type, url: byKey.get(`${type}_url`)! }));
}
