/**
 * Fuzz over every operation the server describes (issue 15 item 6): the OpenAPI document is read
 * from the running server (`GET /docs/json`, @fastify/swagger), and each operation gets bodies,
 * query strings and path parameters with NUL, lone surrogates, huge strings, wrong types, deep
 * nesting and prototype keys, as an anonymous caller and as the role the path is for. No answer
 * may be a 5xx (or the internal-error code 10050), and no money or user table may change.
 * The multipart forms (not described as bodies in the document: their fields are read by
 * server/platform/uploads/form.ts) get the same classes in each text field, read from their contract
 * schemas (issue 25 item 7).
 * On PGlite by default, PostgreSQL with TEST_DB=postgres; the run is bounded (about 3,000 requests; 25-50 s here).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../server/auth/sessions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { KycSubmitFields } from '../../../src/contract/kyc.ts';
import { LoanFields } from '../../../src/contract/loans.ts';
import { SendSupportImageFields } from '../../../src/contract/support.ts';
import { RechargeFields } from '../../../src/contract/wallet.ts';
import { kycFields, multipartMany } from '../kyc/kycFixtures.ts';
import { PNG } from '../wallet/walletFixtures.ts';
import { useTestApp } from '../helpers.ts';
import {
  addReceiveAddresses,
  ADDR,
  createUser,
  fund,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  minLength?: number;
  minimum?: number;
  const?: unknown;
};
interface Param {
  name: string;
  in: 'query' | 'path' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const DEEP = 1000;
const deepArray = (): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < DEEP; i++) v = [v];
  return v;
};
const deepObject = (): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < DEEP; i++) v = { a: v };
  return v;
};

/** Values for a JSON field: every class the probe used. */
const JSON_VALUES: Array<[string, unknown]> = [
  ['NUL', 'ab\u0000cd'],
  ['lone high surrogate', 'ab\ud800'],
  ['lone low surrogate', '\udc00cd'],
  ['huge string', 'x'.repeat(64_000)],
  ['huge digits', '9'.repeat(5_000)],
  ['empty', ''],
  ['number', 12345],
  ['negative', -1],
  ['float', 1e308],
  ['boolean', true],
  ['null', null],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['deep array', deepArray()],
  ['deep object', deepObject()],
  ['sql', "' OR 1=1; DROP TABLE users; --"],
  ['html', '<script>alert(1)</script>'],
];

const FIELD_CLASSES = new Set([
  'NUL',
  'lone high surrogate',
  'lone low surrogate',
  'huge string',
  'number',
  'null',
  'object',
  'deep array',
]);

/** Raw bodies: not what any schema could accept. */
const RAW_BODIES: Array<[string, string, string]> = [
  ['invalid JSON', 'application/json', '{"a":'],
  ['prototype key', 'application/json', '{"__proto__":{"role":"operator","isAdmin":true}}'],
  ['constructor key', 'application/json', '{"constructor":{"prototype":{"role":"operator"}}}'],
  ['deep raw nesting', 'application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  ['NUL in JSON escape', 'application/json', '{"a":"\\u0000"}'],
  ['lone surrogate escape', 'application/json', '{"a":"\\ud800"}'],
  ['text body', 'text/plain', 'hello\u0000'],
  [
    'wrong multipart',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--',
  ],
];

/** Values for a query or path parameter, already URL-encoded. */
const URL_VALUES: Array<[string, string]> = [
  ['NUL', 'ab%00cd'],
  ['lone surrogate (CESU bytes)', '%ED%A0%80'],
  ['bad UTF-8', '%C0%AF%FF'],
  ['bad escape', '%zz%'],
  ['huge', 'x'.repeat(20_000)],
  ['huge digits', '9'.repeat(400)],
  ['negative', '-1'],
  ['exponent', '1e999'],
  ['NaN', 'NaN'],
  ['sql', "'%20OR%201%3D1--"],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['empty', ''],
];

/** A value the schema probably accepts, so that the fuzzed field is the one that is wrong. */
function sample(s: Schema | undefined): unknown {
  if (!s) return 'a';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sample(s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k])]));
    default:
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

interface Req {
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  label: string;
}

/**
 * The multipart forms: path, the contract schema of their text fields, fields that pass (so the
 * fuzzed one is what is wrong), and their files. Each form still fails a later check (no images,
 * an agreement version or a conversation that does not exist), so a fuzz value the rules accept
 * writes nothing either.
 */
const MULTIPART_FORMS: Array<{ path: string; fields: Schema; valid: Record<string, string>; files: Record<string, Buffer> }> = [
  { path: '/swx/customer/user/identification', fields: KycSubmitFields as Schema, valid: kycFields(), files: {} },
  {
    path: '/swx/customer/user/loan',
    fields: LoanFields as Schema,
    files: { signature: PNG },
    valid: {
      collateralAsset: 'BTC',
      amount: '1000',
      days: '30',
      agreementVersion: '1',
      fullName: 'Ada Lovelace',
      clientKey: 'fuzz-key-0001',
    },
  },
  {
    path: '/swx/customer/support/sendImage',
    fields: SendSupportImageFields as Schema,
    valid: { conversationId: '1', clientKey: 'fuzz-key-0002', text: 'hi' },
    files: { image: PNG },
  },
  { path: '/swx/customer/user/recharge', fields: RechargeFields as Schema, valid: rechargeFields(), files: {} },
];

/** Text values for a multipart field (the wire carries text only). */
const FORM_VALUES: Array<[string, string]> = [
  ['NUL', 'ab\u0000cd'],
  ['huge', 'x'.repeat(64_000)],
  ['huge id', '9'.repeat(19)],
  ['huge digits', '9'.repeat(5_000)],
  ['empty', ''],
  ['sql', "' OR 1=1; --"],
  ['html', '<script>alert(1)</script>'],
];

/** Every request for one multipart form: each text field with each class, the others sampled. */
function formRequests(form: (typeof MULTIPART_FORMS)[number]): Req[] {
  const base = {
    ...Object.fromEntries(Object.entries(form.fields.properties ?? {}).map(([k, v]) => [k, String(sample(v))])),
    ...form.valid,
  };
  const out: Req[] = [];
  for (const prop of Object.keys(form.fields.properties ?? {})) {
    for (const [name, v] of FORM_VALUES) {
      const m = multipartMany({ ...base, [prop]: v }, form.files);
      out.push({
        method: 'POST',
        url: form.path,
        payload: m.payload,
        contentType: m.headers['content-type'],
        label: `form.${prop} ${name}`,
      });
    }
  }
  const extra = multipartMany({ ...base, unexpectedField: 'ab\u0000' }, form.files);
  out.push({
    method: 'POST',
    url: form.path,
    payload: extra.payload,
    contentType: extra.headers['content-type'],
    label: 'form unknown field',
  });
  return out;
}

/** Every request for one operation, with `{param}` in the path filled by `pathValue`. */
function requestsFor(method: string, path: string, op: Operation): Req[] {
  const out: Req[] = [];
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const fill = (v: string) => path.replace(/\{[^}]+\}/g, v);
  // path parameters: fuzz values only (a real id could act on a real record)
  const safePath = fill('0');
  if (pathParams.length) for (const [name, v] of URL_VALUES) out.push({ method, url: fill(v), label: `path ${name}` });
  for (const p of queryParams) {
    for (const [name, v] of URL_VALUES) out.push({ method, url: `${safePath}?${p.name}=${v}`, label: `query ${p.name} ${name}` });
    out.push({ method, url: `${safePath}?${p.name}=1&${p.name}=2`, label: `query ${p.name} repeated` });
    out.push({ method, url: `${safePath}?${p.name}[a][b]=1`, label: `query ${p.name} nested` });
  }
  if (method === 'GET' || method === 'DELETE') {
    out.push({ method, url: `${safePath}?__proto__[role]=operator&constructor[prototype][x]=1`, label: 'query prototype keys' });
    return out;
  }
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const json = (value: unknown, label: string) =>
    out.push({ method, url: safePath, payload: JSON.stringify(value), contentType: 'application/json', label });
  for (const [name, v] of JSON_VALUES) json(v, `body ${name}`);
  const base = (sample(schema ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
  // each field: one value of each class (the whole list goes to the body as a whole above)
  for (const prop of Object.keys(schema?.properties ?? {})) {
    for (const [name, v] of JSON_VALUES.filter(([n]) => FIELD_CLASSES.has(n)))
      json({ ...base, [prop]: v }, `body.${prop} ${name}`);
  }
  json({ ...base, unexpectedField: 'ab\u0000' }, 'body unknown field');
  for (const [name, type, raw] of RAW_BODIES)
    out.push({ method, url: safePath, payload: raw, contentType: type, label: `raw ${name}` });
  return out;
}

describe('fuzz over every OpenAPI operation: no 5xx, no write', () => {
  const t = useTestApp();
  let customer: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    customer = await createUser(t.app);
    operator = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
    await fund(t.app, customer.id, 'USDT', '1000');
    // records for the id-taking routes to (not) find
    await recharge(t.app, customer, rechargeFields());
    await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      headers: real(customer),
      payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20' },
    });
  });

  /**
   * Row counts of every table (found in the catalogue, so new domains are counted too) but the
   * request bookkeeping that refused requests do write (sessions, throttles), and the balances,
   * statuses and user rows themselves.
   */
  const snapshot = async () => {
    const rows = async (text: string) =>
      ((await t.app.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, string | null>> }).rows;
    const tables = (
      await rows(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('sessions', 'rate_counters', 'login_failures') order by 1`)
    ).map((r) => r.t as string);
    expect(tables).toContain('ledger_transfers');
    const out: Record<string, string> = {};
    for (const tb of tables) out[tb] = (await rows(`select count(*)::text as n from "${tb}"`))[0].n ?? '';
    const q = async (text: string) => (await rows(text))[0].v;
    out.balances = (await q('select coalesce(sum(abs(balance)), 0)::text as v from ledger_accounts')) ?? '';
    out.statuses =
      (await q(
        `select string_agg(s, ',' order by s) as v from (select 'd:' || status as s from deposits union all select 'w:' || status from withdrawals) x`,
      )) ?? '';
    out.users = (await q(`select string_agg(md5(row(u.*)::text), ',' order by id) as v from users u`)) ?? '';
    return out;
  };

  it('reads the served OpenAPI document and fuzzes each operation', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as OpenApi;
    const ops: Array<{ method: string; path: string; op: Operation; form?: (typeof MULTIPART_FORMS)[number] }> = Object.entries(
      doc.paths,
    ).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
    );
    // the multipart forms are served operations too: fuzzed once more, as forms
    for (const form of MULTIPART_FORMS) {
      const op = ops.find((o) => o.method === 'POST' && o.path === form.path);
      expect(op, form.path).toBeDefined();
      ops.push({ ...op!, form });
    }
    expect(ops.length).toBeGreaterThan(60);
    // each domain is in it: the fuzz covers what the server routes, read from the server itself
    for (const op of [
      'POST /swx/customer/login/login',
      'POST /swx/customer/user/withdrawal',
      'POST /swx/customer/user/recharge',
      'POST /admin-api/deposits/{id}/approve',
      'POST /swx/customer/order/buySmart',
      'PUT /admin-api/smart/users/{id}',
    ]) {
      expect(
        ops.some((o) => `${o.method} ${o.path}` === op),
        op,
      ).toBe(true);
    }
    const before = await snapshot();
    const started = performance.now();
    const failures: string[] = [];
    let sent = 0;
    const statuses: Record<string, number> = {};
    let signedInRefusedLogin = 0;
    let signedIn = 0;
    let ip = 0;
    for (const { method, path, op, form } of ops) {
      // fresh sessions per operation: a logout or session end in one must not blind the next
      const as = path.startsWith('/admin-api') ? operator : customer;
      const token = await createSession(t.app.db, as.id, 3600_000, { now: t.app.clock.now() });
      const reqs = form ? formRequests(form) : requestsFor(method, path, op);
      // every request signed in as the path's role, and a sample of them anonymous
      const all = [
        ...reqs.map((r) => ({ ...r, token })),
        ...reqs.filter((_, i) => i % 7 === 0).map((r) => ({ ...r, token: undefined })),
      ];
      for (const r of all) {
        ip++;
        const headers: Record<string, string> = {
          'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          virtually: 'YES',
        };
        if (r.token) headers.authorization = r.token;
        if (r.contentType) headers['content-type'] = r.contentType;
        const res = await t.app.inject({ method: r.method as 'GET', url: r.url, payload: r.payload, headers });
        sent++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        let code: unknown;
        try {
          code = (JSON.parse(res.body) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        if (r.token) {
          signedIn++;
          if (code === Err.LOGIN_REQUIRED) signedInRefusedLogin++;
        }
        if (res.statusCode >= 500 || code === Err.INTERNAL) {
          failures.push(
            `${r.method} ${path} [${r.label}${r.token ? '' : ', anonymous'}] → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    // printed so a run shows its size; the assertions below are what counts
    console.log(`fuzz: ${ops.length} operations, ${sent} requests, ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    // the signed-in requests got past authentication (else they tested only the 401 path)
    expect(signedInRefusedLogin / signedIn).toBeLessThan(0.05);
    expect(await snapshot()).toEqual(before);
    // no time assertion: a loaded CI machine must not fail a correctness test (the size is printed above)
  }, 300_000);
});
