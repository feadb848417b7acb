import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { body, useTestApp } from '../helpers.ts';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { CONTENT_SLUGS, pickerContentType, type ContentDetail, type ContentListItem } from '../../../src/contract/content.ts';
import { contentItems, contentTexts, params } from '../../../server/content/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { seedContent } from '../../../server/content/seed.ts';
import { instruments } from '../../../server/market/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

const IDX = '/swx/customer/index';

describe('content: pages, FAQ, notices', () => {
  const t = useTestApp();
  const get = (url: string, lang = 'en') => t.app.inject({ url, headers: { lang } });
  const list = async (type: number, lang = 'en') =>
    body<ContentListItem[]>(await get(`${IDX}/listContents/${type}`, lang)).result!;
  const counts = async () => {
    const [i] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(contentItems);
    const [x] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(contentTexts);
    return { items: Number(i.n), texts: Number(x.n) };
  };

  it('seeds every page, FAQ entry and notice in all ten languages, once', async () => {
    const before = await counts();
    expect(before.items).toBeGreaterThanOrEqual(CONTENT_SLUGS.length + 8 + 3);
    expect(before.texts).toBe(before.items * LANGUAGES.length);
    await seedContent(t.app); // a second start changes nothing
    expect(await counts()).toEqual(before);
  });

  it('lists pages per type with the four company, seven policy and statement pages', async () => {
    const company = await list(1);
    const policy = await list(2);
    const statements = await list(3);
    expect(company.map((c) => c.slug)).toEqual(['about-us', 'contact', 'licence-supervision', 'online-support']);
    expect(policy.map((c) => c.slug)).toEqual([
      'terms',
      'privacy',
      'cookie-policy',
      'disclaimer',
      'risk-warning',
      'legal-information',
      'about-advertising',
    ]);
    expect(statements.length).toBeGreaterThanOrEqual(3);
    for (const [items, type] of [
      [company, 1],
      [policy, 2],
      [statements, 3],
    ] as const) {
      for (const i of items) {
        expect(i.type).toBe(type);
        expect(i.id).toMatch(/^[0-9]+$/);
      }
    }
  });

  it('gives titles in the language of the lang header (en, ar and zh differ)', async () => {
    const en = await list(2, 'en');
    const ar = await list(2, 'ar');
    const zh = await list(2, 'zh');
    expect(ar.map((i) => i.id)).toEqual(en.map((i) => i.id));
    for (let k = 0; k < en.length; k++) {
      expect(ar[k].title).not.toBe(en[k].title);
      expect(zh[k].title).not.toBe(en[k].title);
      expect(zh[k].title).not.toBe(ar[k].title);
      expect(ar[k].title).toMatch(/\p{Script=Arabic}/u);
      expect(zh[k].title).toMatch(/\p{Script=Han}/u);
    }
    const res = await get(`${IDX}/listContents/2`, 'ar');
    expect(String(res.headers.vary)).toMatch(/lang/);
  });

  it('serves the language picker reload (type 1 for zh, 2 otherwise) in every language', async () => {
    const enTitles = new Map([...(await list(1)), ...(await list(2))].map((i) => [i.id, i.title]));
    for (const lng of LANGUAGES) {
      const type = pickerContentType(lng);
      expect(type).toBe(lng === 'zh' ? 1 : 2);
      const items = await list(type, lng);
      expect(items.length).toBeGreaterThan(0);
      if (lng !== 'en') for (const i of items) expect(i.title, `${lng} ${i.slug}`).not.toBe(enTitles.get(i.id));
    }
  });

  it('falls back from Accept-Language when there is no lang header', async () => {
    const res = await t.app.inject({ url: `${IDX}/listContents/1`, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    const de = await list(1, 'de');
    expect(body<ContentListItem[]>(res).result).toEqual(de);
  });

  it('returns a page by id with sanitised HTML and honest texts', async () => {
    const risk = (await list(2)).find((i) => i.slug === 'risk-warning')!;
    const res = await get(`${IDX}/getContentsById/${risk.id}`);
    const page = body<ContentDetail>(res);
    expect(page.code).toBe(Ok.SUCCESS);
    expect(page.result).toMatchObject({ id: risk.id, type: 2, slug: 'risk-warning', lang: 'en' });
    expect(page.result!.body).toMatch(/lose/i);
    expect(page.result!.body).toMatch(/<strong>/);
    expect(page.result!.body).toMatch(/<ul><li>/); // list lines become a list, not text with dashes
    expect(page.result!.body).not.toMatch(/(^|>)(- |## )/m);
    expect(page.result!.body).not.toMatch(/<script|onerror|javascript:/i);
    expect(new Date(page.result!.updatedAt).toString()).not.toBe('Invalid Date');

    const ja = body<ContentDetail>(await get(`${IDX}/getContentsById/${risk.id}`, 'ja')).result!;
    expect(ja.lang).toBe('ja');
    expect(ja.title).not.toBe(page.result!.title);
  });

  it('links pages to each other by the app route and fills live figures into texts', async () => {
    const terms = (await list(2)).find((i) => i.slug === 'terms')!;
    const risk = (await list(2)).find((i) => i.slug === 'risk-warning')!;
    const html = body<ContentDetail>(await get(`${IDX}/getContentsById/${terms.id}`)).result!.body;
    expect(html).toContain(`href="/detail?id=${risk.id}&amp;title=`);
    const fees = (await list(3)).find((i) => i.slug === 'fees-statement')!;
    const feeHtml = body<ContentDetail>(await get(`${IDX}/getContentsById/${fees.id}`)).result!.body;
    expect(feeHtml).toContain('1%'); // WITHDRAW_FEE_RATE default 0.01
    expect(feeHtml).toContain('120');
    expect(feeHtml).not.toContain('{{');
  });

  it('refuses an unknown id with 10043 and a malformed one (or one above the 64-bit range) with 10030', async () => {
    for (const id of ['999999', '9223372036854775807']) {
      expect(body(await get(`${IDX}/getContentsById/${id}`)).code, id).toBe(Err.RECORD_NOT_FOUND);
    }
    for (const id of [
      'abc',
      '-1',
      '1.5',
      '9223372036854775808',
      '9999999999999999999',
      '12345678901234567890',
      encodeURIComponent("1' or '1'='1"),
      encodeURIComponent('<script>'),
    ]) {
      const res = await get(`${IDX}/getContentsById/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(body(res).code, id).toBe(Err.MALFORMED_REQUEST);
    }
    // an FAQ entry is not a page
    const [faq] = await t.app.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(sql`${contentItems.kind} = 'faq'`)
      .limit(1);
    expect(body(await get(`${IDX}/getContentsById/${faq.id}`)).code).toBe(Err.RECORD_NOT_FOUND);
  });

  it('refuses a content type outside 1..3 and unknown query fields', async () => {
    for (const type of ['0', '4', 'x', '1.5', '-1']) {
      expect(body(await get(`${IDX}/listContents/${type}`)).code, type).toBe(Err.MALFORMED_REQUEST);
    }
    expect(body(await get(`${IDX}/listContents/1?admin=1`)).code).toBe(Err.MALFORMED_REQUEST);
  });

  it('lists FAQ entries covering the required topics, in the asked language', async () => {
    const en = body<{ id: string; category: string; question: string; answer: string }[]>(await get(`${IDX}/listFaq`)).result!;
    expect(en.length).toBeGreaterThanOrEqual(8);
    const all = en.map((f) => `${f.question} ${f.answer}`).join(' ');
    for (const topic of [
      /account/i,
      /demo/i,
      /deposit/i,
      /withdraw/i,
      /fee/i,
      /simulat/i,
      /identity|KYC/i,
      /loan/i,
      /smart plan/i,
    ]) {
      expect(all).toMatch(topic);
    }
    const prices = en.find((f) => f.category === 'prices')!;
    expect(prices.answer).toMatch(/simulator/);
    expect(prices.answer).toMatch(/labelled/);
    const ko = body<{ question: string }[]>(await get(`${IDX}/listFaq`, 'ko')).result!;
    expect(ko.map((f) => f.question)).not.toEqual(en.map((f) => f.question));
    const funds = body<{ category: string }[]>(await get(`${IDX}/listFaq?category=funds`)).result!;
    expect(funds.length).toBe(2);
    expect(funds.every((f) => f.category === 'funds')).toBe(true);
    expect(body(await get(`${IDX}/listFaq?category=${encodeURIComponent("funds' --")}`)).code).toBe(Err.MALFORMED_REQUEST);
  });

  it('pages notices newest first', async () => {
    const all = body<{ rows: { id: string; publishedAt: string }[]; total: number }>(await get(`${IDX}/listNotices`)).result!;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.rows.length).toBe(all.total);
    const p1 = body<{ rows: { id: string }[]; total: number }>(await get(`${IDX}/listNotices?pageNum=1&pageSize=2`)).result!;
    const p2 = body<{ rows: { id: string }[]; total: number }>(await get(`${IDX}/listNotices?pageNum=2&pageSize=2`)).result!;
    expect(p1.rows.map((r) => r.id)).toEqual(all.rows.slice(0, 2).map((r) => r.id));
    expect(p2.rows.map((r) => r.id)).toEqual(all.rows.slice(2, 4).map((r) => r.id));
    for (const q of ['pageSize=0', 'pageSize=101', 'pageNum=0', 'pageNum=x', 'foo=1']) {
      expect(body(await get(`${IDX}/listNotices?${q}`)).code, q).toBe(Err.MALFORMED_REQUEST);
    }
  });
});

describe('content: parameters, links and home figures', () => {
  const t = useTestApp({ withdrawFeeRate: '0.025', publicUrl: 'https://example.test' });
  const get = (url: string) => t.app.inject({ url, headers: { lang: 'en' } });
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { lang: 'en' } });

  it('serves parameters seeded from the configuration', async () => {
    expect(body(await get(`${IDX}/getParamByKey/withdraw_fee_rate`)).result).toEqual({
      key: 'withdraw_fee_rate',
      value: '0.025',
    });
    expect(body(await get(`${IDX}/getParamByKey/price_feed`)).result).toEqual({ key: 'price_feed', value: 'simulated' });
    expect(body(await post('/settings/key', { key: 'withdraw_fee_rate' })).result).toEqual({
      key: 'withdraw_fee_rate',
      value: '0.025',
    });
  });

  it('refuses unknown and private keys with 10018 and bad keys with 10030', async () => {
    expect(body(await get(`${IDX}/getParamByKey/no_such_key`))).toMatchObject({ code: Err.SYSTEM_PARAM_FAILED, result: null });
    await t.app.db.insert(params).values({ key: 'internal_secret', value: 's3cret', isPublic: false, source: 'seed' });
    const priv = body(await get(`${IDX}/getParamByKey/internal_secret`));
    expect(priv.code).toBe(Err.SYSTEM_PARAM_FAILED);
    expect(JSON.stringify(priv)).not.toContain('s3cret');
    expect(body(await post('/settings/key', { key: 'internal_secret' })).code).toBe(Err.SYSTEM_PARAM_FAILED);
    for (const key of [
      'Bad-Key',
      encodeURIComponent("x' or 1=1 --"),
      'a'.repeat(65),
      encodeURIComponent('<img src=x onerror=alert(1)>'),
    ]) {
      expect(body(await get(`${IDX}/getParamByKey/${key}`)).code, key).toBe(Err.MALFORMED_REQUEST);
    }
    const before = await t.app.db.select().from(params);
    for (const payload of [
      {},
      { key: 1 },
      { key: 'withdraw_fee_rate', extra: true },
      { key: 'x'.repeat(10_000) },
      'key=withdraw_fee_rate',
      { key: "k'; delete from params; --" },
    ]) {
      expect(body(await post('/settings/key', payload)).code, JSON.stringify(payload).slice(0, 40)).toBe(Err.MALFORMED_REQUEST);
    }
    expect(body(await get(`${IDX}/getParamByKey/${'a'.repeat(90)}`)).code).toBe(Err.MALFORMED_REQUEST);
    expect(await t.app.db.select().from(params)).toEqual(before); // refusals change nothing
  });

  it('gives the online-service url and only configured social links', async () => {
    expect(body(await get(`${IDX}/onlineService`)).result).toEqual({ url: 'https://example.test/support' });
    expect(body(await post('/customer-service/type', { type: 'online_service' })).result).toEqual({
      type: 'online_service',
      url: 'https://example.test/support',
    });
    expect(body(await get(`${IDX}/socialLinks`)).result).toEqual([]);
    expect(body(await post('/customer-service/type', { type: 'discord' })).code).toBe(Err.SYSTEM_PARAM_FAILED);

    await t.app.db.insert(params).values({ key: 'telegram_url', value: 'https://t.me/example', source: 'operator' });
    try {
      expect(body(await get(`${IDX}/socialLinks`)).result).toEqual([{ type: 'telegram', url: 'https://t.me/example' }]);
      expect(body(await post('/customer-service/type', { type: 'telegram' })).result).toEqual({
        type: 'telegram',
        url: 'https://t.me/example',
      });
    } finally {
      await t.app.db.delete(params).where(eq(params.key, 'telegram_url'));
    }
    for (const payload of [
      {},
      { type: 'facebook' },
      { type: 'online_service', url: 'https://evil.test' },
      { type: ['discord'] },
    ]) {
      expect(body(await post('/customer-service/type', payload)).code, JSON.stringify(payload)).toBe(Err.MALFORMED_REQUEST);
    }
  });

  it('serves the footer pages through POST /customer-service/footer', async () => {
    const all = body<{ items: ContentListItem[]; social: unknown[] }>(await post('/customer-service/footer', {})).result!;
    expect(new Set(all.items.map((i) => i.type))).toEqual(new Set([1, 2, 3]));
    const policy = body<{ items: ContentListItem[] }>(await post('/customer-service/footer', { type: 2 })).result!;
    expect(policy.items.every((i) => i.type === 2)).toBe(true);
    expect(policy.items.length).toBe(7);
    for (const payload of [{ type: '2' }, { type: 9 }, { type: 2, lang: 'zh' }]) {
      expect(body(await post('/customer-service/footer', payload)).code, JSON.stringify(payload)).toBe(Err.MALFORMED_REQUEST);
    }
  });

  it('computes the home figures from the data: users, instruments, fee ceiling', async () => {
    const before = body<{
      registeredUsers: number;
      instruments: { total: number; byType: { type: string; count: number }[] };
      volume24hUsdt: string | null;
      feeCeiling: { rate: string; percent: string };
      simulatedPrices: boolean;
    }>(await get(`${IDX}/homeFigures`)).result!;
    // the trading fee of the options products (server/trading/products.ts), never the withdrawal fee (2.5 % here)
    expect(before.feeCeiling).toEqual({ rate: '0.0005', percent: '0.05' });
    expect(before.simulatedPrices).toBe(true);
    // instruments: the market's own count, split by type, never a typed-in number
    expect(before.instruments.total).toBe(before.instruments.byType.reduce((n, r) => n + r.count, 0));
    const listed = await t.app.db
      .select({ type: instruments.type, n: sql<number>`count(*)::int` })
      .from(instruments)
      .groupBy(instruments.type);
    expect(before.instruments.total).toBe(listed.reduce((n, r) => n + Number(r.n), 0));
    expect(before.instruments.total).toBeGreaterThan(0);

    const n = Date.now().toString(36);
    await t.app.db.insert(users).values({ username: `fig_${n}`, inviteCode: `F${n}` });
    await t.app.db.insert(users).values({ username: `op_${n}`, inviteCode: `O${n}`, role: 'operator' });
    // the figures are read at most once a second (docs/performance.md): forget them instead of waiting
    t.app.content.invalidate();
    const after = body<{ registeredUsers: number }>(await get(`${IDX}/homeFigures`)).result!;
    expect(after.registeredUsers).toBe(before.registeredUsers + 1); // operators are not users of the product

    // a fee parameter of another kind (withdrawals) does not move the trading fee shown as "fees"
    await t.app.db.insert(params).values({ key: 'other_fee_rate', value: '0.03', source: 'seed' });
    t.app.content.invalidate();
    const fee = body<{ feeCeiling: { percent: string } }>(await get(`${IDX}/homeFigures`)).result!;
    expect(fee.feeCeiling.percent).toBe('0.05');
    await t.app.db.delete(params).where(eq(params.key, 'other_fee_rate'));
    expect(body(await get(`${IDX}/homeFigures?x=1`)).code).toBe(Err.MALFORMED_REQUEST);
  });

  it('keeps parameters in step with the configuration on the next start', async () => {
    await t.app.db.insert(params).values({ key: 'telegram_url', value: 'https://t.me/operator', source: 'operator' });
    t.app.config.withdrawFeeRate = '0.02';
    try {
      await seedContent(t.app);
      expect(body(await get(`${IDX}/getParamByKey/withdraw_fee_rate`)).result).toEqual({
        key: 'withdraw_fee_rate',
        value: '0.02',
      });
      // an operator's value is never overwritten (nor removed) by the seed
      expect(body(await get(`${IDX}/getParamByKey/telegram_url`)).result).toEqual({
        key: 'telegram_url',
        value: 'https://t.me/operator',
      });
    } finally {
      // the next start with the first configuration: the other tests see it as they expect
      t.app.config.withdrawFeeRate = '0.025';
      await seedContent(t.app);
      await t.app.db.delete(params).where(eq(params.key, 'telegram_url'));
    }
  });
});
