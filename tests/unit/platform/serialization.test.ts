/**
 * server/platform/http/serialization.ts writes scalar unions (a price or null, string literals) without
 * running Ajv on each branch. The JSON must be what fast-json-stringify writes from the original
 * schema: checked over every schema the contract exports, with values made from the schemas
 * (each union's branches in turn, so that null and each literal are written too).
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { flattenScalarUnions } from '../../../server/platform/http/serialization.ts';
import { Envelope } from '../../../src/contract/envelope.ts';
import * as admin from '../../../src/contract/admin.ts';
import * as alerts from '../../../src/contract/alerts.ts';
import * as auth from '../../../src/contract/auth.ts';
import * as content from '../../../src/contract/content.ts';
import * as kyc from '../../../src/contract/kyc.ts';
import * as loans from '../../../src/contract/loans.ts';
import * as market from '../../../src/contract/market.ts';
import * as nfts from '../../../src/contract/nfts.ts';
import * as ops from '../../../src/contract/ops.ts';
import * as passkeys from '../../../src/contract/passkeys.ts';
import * as pendingOrders from '../../../src/contract/pendingOrders.ts';
import * as portfolio from '../../../src/contract/portfolio.ts';
import * as proof from '../../../src/contract/proof.ts';
import * as smart from '../../../src/contract/smart.ts';
import * as support from '../../../src/contract/support.ts';
import * as trading from '../../../src/contract/trading.ts';
import * as twoFactor from '../../../src/contract/twoFactor.ts';
import * as wallet from '../../../src/contract/wallet.ts';
import * as walletProtection from '../../../src/contract/walletProtection.ts';
import * as userEvents from '../../../src/contract/userEvents.ts';

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && ('type' in v || 'anyOf' in v);

/** Strings tried, in order, for a string schema: the first that its pattern and format accept. */
const STRINGS = [
  '1.5',
  '0',
  'DE',
  '+4930123456',
  '123456',
  'a1'.repeat(32),
  // a block's hash
  `0x${'a1'.repeat(32)}`,
  '2026-11-27T10:00:00.000Z',
  '2026-11-27',
  'BTCUSDT',
  'USDT',
  'abc',
  'a@b.co',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  'x'.repeat(8),
];

/** A value of a plain JSON schema: every property present, unions at their `pick`-th branch. */
function valueOf(schema: unknown, pick: number): unknown {
  const s = schema as Schema;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[Math.min(pick, s.enum.length - 1)];
  if (Array.isArray(s.anyOf)) return valueOf(s.anyOf[Math.min(pick, s.anyOf.length - 1)], pick);
  switch (s.type) {
    case 'null':
      return null;
    case 'boolean':
      return pick % 2 === 0;
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum + pick : 3 + pick;
    case 'string': {
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
      return (
        STRINGS.find(
          (x) =>
            (!pattern || pattern.test(x)) &&
            x.length >= min &&
            x.length <= max &&
            (s.format !== 'date-time' || (!Number.isNaN(Date.parse(x)) && x.includes('T'))),
        ) ?? 'x'.repeat(Math.max(1, min))
      );
    }
    case 'array':
      return s.items ? [valueOf(s.items, pick), valueOf(s.items, pick + 1)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries((s.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k, valueOf(v, pick)]),
      );
    default:
      return null;
  }
}

const modules = {
  admin,
  alerts,
  auth,
  content,
  kyc,
  loans,
  market,
  nfts,
  ops,
  passkeys,
  pendingOrders,
  portfolio,
  proof,
  smart,
  support,
  trading,
  twoFactor,
  wallet,
  walletProtection,
  userEvents,
};
const schemas = Object.entries(modules).flatMap(([m, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => isSchema(v))
    .map(([name, v]) => [`${m}.${name}`, v] as const),
);

describe('answers are written the same with scalar unions flattened', () => {
  it('finds the contract schemas, with unions among them', () => {
    expect(schemas.length).toBeGreaterThan(40);
    expect(schemas.some(([, s]) => JSON.stringify(s).includes('"anyOf"'))).toBe(true);
  });

  it.each(schemas)('%s', (_name, schema) => {
    const enveloped = Envelope(schema as never) as unknown as Schema;
    const original = fastJson(enveloped as never);
    const flat = fastJson(flattenScalarUnions(enveloped) as never);
    for (const pick of [0, 1, 2]) {
      const value = { code: 200, msg: 'ok', result: valueOf(JSON.parse(JSON.stringify(schema)), pick) };
      const written = flat(value);
      expect(written).toBe(original(value));
      expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(value)));
    }
  });

  it('leaves the input schema untouched and keeps non-scalar unions', () => {
    const page = trading.OptionsOrderPageWire as unknown as Schema;
    const before = JSON.stringify(page);
    const flat = JSON.stringify(flattenScalarUnions(page));
    expect(JSON.stringify(page)).toBe(before);
    const unions = (json: string) => json.split('"anyOf"').length - 1;
    // a position's unions: eight scalar ones (prices, times, fees or null; the close reason) and its close tick (an object or null)
    expect(unions(before)).toBeGreaterThan(8);
    expect(unions(flat)).toBe(0);
    expect(flat).toContain('"closeReason":{"type":["string","null"]}');
    expect(flat).toContain('"closeTick":{"type":["object","null"],"required":["time","price"]');
    // two different objects: fast-json-stringify has to choose, the union stays
    const twoObjects = {
      anyOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'string' } } },
      ],
    };
    expect(flattenScalarUnions(twoObjects)).toEqual(twoObjects);
  });
});
