import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { PARAM_KEYS } from '../../../src/contract/content.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { OWN_NAME, OWN_NAME_PASSWORDS, PASSPHRASE, PROBE_PASSWORDS } from '../../setup/probePasswords.ts';
import { useTestApp, type TestApp } from '../helpers.ts';
import { codeFromOutbox, counts, get, L, post, U } from '../auth.helpers.ts';

/** The catalogue's 10171 text in `lng` with the word put in, as the service answers it. */
const serviceWordsText = (lng: string, word: string) =>
  (JSON.parse(readFileSync(`src/locales/${lng}/errors.json`, 'utf8')) as Record<string, string>)[
    String(Err.PASSWORD_SERVICE_WORDS)
  ].replace('{{word}}', word);

async function registerWith(t: TestApp, email: string, code: string, password: string, lang = 'en') {
  const body = { username: 'quentin', email, password, confirmPassword: password, code };
  return post(t, `${L}/register`, body, { headers: { lang } });
}

/** A code for `email` of the given purpose, from the outbox. */
async function codeFor(t: TestApp, email: string, purpose: 'register' | 'reset') {
  expect((await post(t, `${L}/sendCode`, { email, purpose })).code).toBe(Ok.SUCCESS);
  return codeFromOutbox(t, email);
}

describe("passwords built from the service's own words (issue 41; NIST SP 800-63B context-specific words)", () => {
  const t = useTestApp();

  it("the probe's 32 patterns are refused with their code at registration and at a password change; a passphrase passes", async () => {
    const email = 'quentin@example.com';
    const code = await codeFor(t, email, 'register');
    const before = await counts(t);
    for (const [password, expected] of PROBE_PASSWORDS) {
      const r = await registerWith(t, email, code, password);
      expect(r.code, `${password}: ${r.msg}`).toBe(expected);
      if (expected === Err.PASSWORD_SERVICE_WORDS) expect(r.msg, password).toMatch(/^This password is built from “[a-z]+”/);
    }
    // nothing written: no account, no session, the code not used up
    expect(await counts(t)).toEqual(before);
    const ok = await registerWith(t, email, code, PASSPHRASE);
    expect(ok.code, ok.msg).toBe(Ok.SUCCESS);
    const token = (ok.result as { token: string }).token;
    for (const [password, expected] of PROBE_PASSWORDS) {
      const change = await post(
        t,
        `${U}/repassword`,
        { oldPassword: PASSPHRASE, password, confirmPassword: password },
        { token },
      );
      expect(change.code, `${password}: ${change.msg}`).toBe(expected);
    }
    // a reset is held to the same rule, and the passphrase still signs in
    const reset = { email, code: await codeFor(t, email, 'reset'), password: 'Crypto2026!', confirmPassword: 'Crypto2026!' };
    expect((await post(t, `${U}/repassword`, reset)).code).toBe(Err.PASSWORD_SERVICE_WORDS);
    expect((await post(t, `${L}/login`, { account: 'quentin', password: PASSPHRASE })).code).toBe(Ok.SUCCESS);
  });

  it('says why in every language, naming the word', async () => {
    const code = await codeFor(t, 'rosa@example.com', 'register');
    for (const lng of LANGUAGES) {
      const r = await registerWith(t, 'rosa@example.com', code, 'Wallet!2026', lng);
      expect(r.code).toBe(Err.PASSWORD_SERVICE_WORDS);
      expect(r.msg, lng).toBe(serviceWordsText(lng, 'wallet'));
    }
  });

  it('publishes the name and host the browser estimates with', async () => {
    for (const [key, value] of [
      [PARAM_KEYS.BRAND_NAME, 'Trading platform'],
      [PARAM_KEYS.PUBLIC_HOST, 'localhost'],
    ]) {
      const r = await get(t, `/swx/customer/index/getParamByKey/${key}`);
      expect(r.result, key).toEqual({ key, value });
    }
  });
});

describe('the service named by BRAND_NAME and PUBLIC_URL', () => {
  const t = useTestApp({}, { BRAND_NAME: OWN_NAME.brandName, PUBLIC_URL: OWN_NAME.publicUrl });

  it("refuses its own name and host with digits and symbols at registration and change; the domain's words stay refused", async () => {
    const email = 'selma@example.com';
    const code = await codeFor(t, email, 'register');
    const before = await counts(t);
    for (const password of OWN_NAME_PASSWORDS) {
      const r = await registerWith(t, email, code, password);
      expect(r.code, `${password}: ${r.msg}`).toBe(Err.PASSWORD_SERVICE_WORDS);
    }
    expect(await counts(t)).toEqual(before);
    const ok = await registerWith(t, email, code, PASSPHRASE);
    expect(ok.code, ok.msg).toBe(Ok.SUCCESS);
    const token = (ok.result as { token: string }).token;
    for (const password of OWN_NAME_PASSWORDS) {
      const body = { oldPassword: PASSPHRASE, password, confirmPassword: password };
      expect((await post(t, `${U}/repassword`, body, { token })).code, password).toBe(Err.PASSWORD_SERVICE_WORDS);
    }
    // the domain's words stay refused on any service
    const trade = { oldPassword: PASSPHRASE, password: 'Trade2024!', confirmPassword: 'Trade2024!' };
    expect((await post(t, `${U}/repassword`, trade, { token })).code).toBe(Err.PASSWORD_SERVICE_WORDS);
    const param = await get(t, `/swx/customer/index/getParamByKey/${PARAM_KEYS.PUBLIC_HOST}`);
    expect(param.result).toEqual({ key: PARAM_KEYS.PUBLIC_HOST, value: 'app.nimbusmarkets.example' });
  });
});
