import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { codeFromOutbox, L, PASSWORD, post, U, userRow } from '../auth.helpers.ts';
import { setPrices, submitLoan, terms } from '../loans/loanFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { adminCall, createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';

/** The newest message to a recipient as the outbox keeps it (codes masked, everything else as sent). */
async function lastMail(t: TestApp, recipient: string) {
  const [row] = await t.app.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

/** Registers by e-mail through the real calls, every call with the app's `lang` header. */
async function registerIn(t: TestApp, lang: string, username: string, email: string): Promise<TestUser & { email: string }> {
  const headers = { lang };
  expect((await post(t, `${L}/sendCode`, { email, purpose: 'register' }, { headers })).code).toBe(Ok.SUCCESS);
  const code = await codeFromOutbox(t, email);
  const res = await post(
    t,
    `${L}/register`,
    { username, email, password: PASSWORD, confirmPassword: PASSWORD, code },
    { headers },
  );
  expect(res.code, res.msg).toBe(Ok.SUCCESS);
  return { id: BigInt(res.result.user.id), token: res.result.token, username, email };
}

/**
 * Mail and SMS in the user's language (docs/auth.md, docs/loans.md): a code in the language of the
 * request that asked for it, the security and loan notices in the account's stored language, which
 * registration sets, a sign-in and the app's language switch (POST user/language) keep current.
 */
describe(`mail in the user's language (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));

  it('a Spanish registration gets its code in Spanish and the account keeps Spanish; Accept-Language works without the header', async () => {
    const u = await registerIn(t, 'es', 'mail_es', 'ana@example.com');
    const sent = t.app.accounts.devConsoleMessageTo('ana@example.com')!;
    expect(sent.subject).toBe('Su código de verificación');
    expect(sent.body).toMatch(
      /^Su código de verificación es [0-9]{6}\. Introdúzcalo en un plazo de 10 minutos para terminar de crear su cuenta\./,
    );
    // the outbox keeps the Spanish text with the code masked
    expect((await lastMail(t, 'ana@example.com')).body).toMatch(/^Su código de verificación es ••••••\./);
    expect((await userRow(t, u.username)).language).toBe('es');

    const res = await t.app.inject({
      method: 'POST',
      url: `${L}/sendCode`,
      payload: { email: 'kenji@example.com', purpose: 'register' },
      headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5', 'x-forwarded-for': '10.9.9.9' },
    });
    expect(res.json().code).toBe(Ok.SUCCESS);
    const ja = t.app.accounts.devConsoleMessageTo('kenji@example.com')!;
    expect(ja.subject).toBe('認証コードのお知らせ');
    expect(ja.body).toMatch(/^認証コードは [0-9]{6} です。アカウントの作成を完了するには、10 分以内に入力してください。/);
  });

  it("switching the language while signed in changes the account's; the security notice follows it, a reset code follows the request", async () => {
    const u = await registerIn(t, 'es', 'mail_switch', 'bruno@example.com');
    const switched = await post(t, `${U}/language`, { language: 'de' }, { token: u.token });
    expect(switched.code, switched.msg).toBe(Ok.SUCCESS);
    expect(switched.result).toEqual({ language: 'de' });
    expect((await userRow(t, u.username)).language).toBe('de');

    // the request is in Korean, the account in German: the notice goes to the owner, in theirs
    const changed = await post(
      t,
      `${U}/repassword`,
      { oldPassword: PASSWORD, password: 'Quiet-Heron-77', confirmPassword: 'Quiet-Heron-77' },
      { token: u.token, headers: { lang: 'ko' } },
    );
    expect(changed.code, changed.msg).toBe(Ok.MODIFIED);
    const notice = await lastMail(t, 'bruno@example.com');
    expect(notice.subject).toBe('Sicherheitshinweis: Ihr Konto wurde geändert');
    expect(notice.body).toMatch(
      /^Das Passwort Ihres Kontos wurde geändert\. Auszahlungen sind für 24 Stunden ausgesetzt\. Wenn Sie das nicht waren/,
    );

    // a reset code is read by whoever asked for it: the request's language (Arabic)
    expect(
      (await post(t, `${L}/sendCode`, { email: 'bruno@example.com', purpose: 'reset' }, { headers: { lang: 'ar' } })).code,
    ).toBe(Ok.SUCCESS);
    const code = t.app.accounts.devConsoleMessageTo('bruno@example.com')!;
    expect(code.subject).toBe('رمز التحقق الخاص بك');
    expect(code.body).toContain('لإعادة تعيين كلمة المرور');
    expect((await userRow(t, u.username)).language).toBe('de');
  });

  it("a sign-in keeps the app's language (lang header), a sign-in without one leaves it", async () => {
    const u = await registerIn(t, 'it', 'mail_login', 'carla@example.com');
    expect((await post(t, `${L}/login`, { account: u.username, password: PASSWORD }, { headers: { lang: 'fr' } })).code).toBe(
      Ok.SUCCESS,
    );
    expect((await userRow(t, u.username)).language).toBe('fr');
    expect(
      (await post(t, `${L}/login`, { account: u.username, password: PASSWORD }, { headers: { 'accept-language': 'ko' } })).code,
    ).toBe(Ok.SUCCESS);
    expect((await userRow(t, u.username)).language).toBe('fr');
  });

  it('the language call refuses an unknown language (10030) and a caller without a session (401), writing nothing', async () => {
    const u = await registerIn(t, 'ko', 'mail_refused', 'dae@example.com');
    const bad = await post(t, `${U}/language`, { language: 'xx' }, { token: u.token });
    expect(bad.code).toBe(Err.MALFORMED_REQUEST);
    expect((await post(t, `${U}/language`, { language: 'en', extra: 1 }, { token: u.token })).code).toBe(Err.MALFORMED_REQUEST);
    expect((await post(t, `${U}/language`, { language: 'en' })).code).toBe(Err.LOGIN_REQUIRED);
    expect((await userRow(t, u.username)).language).toBe('ko');
  });

  describe('loan notices', () => {
    let op1: TestUser;
    let op2: TestUser;
    beforeAll(async () => {
      op1 = await createUser(t.app, 'operator');
      op2 = await createUser(t.app, 'operator');
    });

    it('a borrower registered in Japanese gets the margin call and the partial liquidation in Japanese', async () => {
      const u = await registerIn(t, 'ja', 'mail_loan', 'haruki@example.com');
      await t.app.db.update(users).set({ kycStatus: 'verified' }).where(eq(users.id, u.id));
      await fund(t.app, u.id, 'BTC', '1');
      setPrices(t.app, { BTCUSDT: 50000 });
      const loan = await submitLoan(t.app, u, (await terms(t.app)).agreementVersion);
      expect(loan.code, loan.msg).toBe(Ok.SUBMITTED_FOR_REVIEW);
      const id = loan.result.id as string;
      await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`);
      expect((await adminCall(t.app, op2, 'POST', `/loans/${id}/approve`)).result.step).toBe('final');

      setPrices(t.app, { BTCUSDT: 42000 });
      expect((await t.app.loans.runDue()).warnings).toBe(1);
      const call = await lastMail(t, 'haruki@example.com');
      expect(call.subject).toBe(`マージンコール：ローン #${id}`);
      expect(call.body).toBe(
        `ローン #${id}（担保 BTC）の LTV がマージンコール水準に達しました。清算を避けるため、今すぐ返済してください。ローンのページで LTV、清算価格、返済額をご確認いただけます。`,
      );

      // switched to Simplified Chinese in the app: the next notice is in Chinese
      expect((await post(t, `${U}/language`, { language: 'zh' }, { token: u.token })).code).toBe(Ok.SUCCESS);
      setPrices(t.app, { BTCUSDT: 38000 });
      expect((await t.app.loans.runDue()).liquidations).toBe(1);
      const sold = await lastMail(t, 'haruki@example.com');
      expect(sold.subject).toBe(`贷款 #${id} 已部分清算`);
      expect(sold.body).toContain(`您的贷款 #${id} 的部分 BTC 抵押品已被卖出`);
    });
  });
});
