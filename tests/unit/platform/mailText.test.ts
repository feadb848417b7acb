import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { MAIL_KEYS } from '../../../server/domains.ts';
import { accountLanguage, mailText, renderMail } from '../../../server/platform/mail/mailText.ts';

/**
 * The service's mail texts (server/platform/mail/mailText.ts, src/locales/<lng>/mail.json): every key the
 * service uses is in every language, no file has keys the service does not use, and rendering
 * fills every placeholder. Same key sets, placeholders and translation: tests/unit/locales.test.ts.
 */
const dir = path.resolve(import.meta.dirname, '../../../src/locales');
type Tree = { [k: string]: string | Tree };
const keysOf = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
const PARAMS = { code: '123456', minutes: 10, hours: 24, ip: '203.0.113.9', id: '42', asset: 'BTC' };

describe('mail texts', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: has exactly the keys the service uses, each rendering without a placeholder left`, () => {
      const file = JSON.parse(fs.readFileSync(path.join(dir, lng, 'mail.json'), 'utf8')) as Tree;
      expect(keysOf(file).sort()).toEqual([...MAIL_KEYS].sort());
      for (const key of MAIL_KEYS) {
        const text = mailText(lng, key, PARAMS);
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(text, `${lng} ${key}`).not.toMatch(/\{\{|\}\}/);
      }
    });
  }

  it('puts the code in the body only, and every parameter where it belongs', () => {
    for (const lng of LANGUAGES) {
      for (const purpose of ['register', 'login', 'reset'] as const) {
        const m = renderMail(lng, 'code.subject', [`code.${purpose}`], PARAMS);
        expect(m.subject, lng).not.toContain('123456');
        expect(m.body, `${lng} ${purpose}`).toContain('123456');
        expect(m.body, `${lng} ${purpose}`).toContain('10');
      }
      const notice = renderMail(lng, 'security.subject', ['security.password_reset', 'security.hold', 'security.notYou'], PARAMS);
      expect(notice.body, lng).toContain('24');
      expect(notice.body, lng).toContain('203.0.113.9');
      const loan = renderMail(lng, 'loan.margin_call.subject', ['loan.margin_call.body'], PARAMS);
      expect(loan.subject, lng).toContain('42');
      expect(loan.body, lng).toContain('BTC');
    }
  });

  it('joins sentences with a space, but not in Japanese and Chinese', () => {
    const keys = ['security.password_changed', 'security.notYou'] as const;
    expect(renderMail('en', 'security.subject', keys, PARAMS).body).toMatch(/changed\. If this/);
    expect(renderMail('zh', 'security.subject', keys, PARAMS).body).toMatch(/已修改。如非/);
  });

  it('reads a stored language as one of ours, anything else as English', () => {
    expect(accountLanguage('ja')).toBe('ja');
    expect(accountLanguage('xx')).toBe('en');
    expect(accountLanguage(null)).toBe('en');
  });
});
