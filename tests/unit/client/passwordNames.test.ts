import { describe, expect, it } from 'vitest';
import { passwordContainsName } from '../../../src/contract/auth.ts';
import { Err } from '../../../src/contract/errors.ts';
import { registerRefusal, type RegisterValues } from '../../../src/machines/auth/register.ts';

const values: RegisterValues = {
  channel: 'email',
  email: 'marguerite@example.test',
  phone: '',
  areaCode: '+44',
  code: '123456',
  password: 'Vivid-Lark-42',
  confirmPassword: 'Vivid-Lark-42',
  username: 'gina_x',
  inviteCode: '',
  acceptedTerms: true,
};

describe('a password must not contain the username or the e-mail local part (the rule the service applies, 10058)', () => {
  it('the contract rule: any case, parts of 3 or more characters', () => {
    expect(passwordContainsName('my-GINA-2024', { username: 'gina' })).toBe(true);
    expect(passwordContainsName('Marguerite-77', { email: 'MARGUERITE@example.test' })).toBe(true);
    expect(passwordContainsName('xab-12345', { username: 'ab', email: 'ab@example.test' })).toBe(false);
    expect(passwordContainsName('Vivid-Lark-42', { username: 'gina', email: 'marguerite@example.test' })).toBe(false);
    expect(passwordContainsName('Vivid-Lark-42', {})).toBe(false);
  });

  it('the register form refuses it before sending, with the catalogue text', () => {
    expect(registerRefusal(values)).toBeNull();
    const named = { ...values, password: 'GINA_x-2024', confirmPassword: 'GINA_x-2024' };
    expect(registerRefusal(named)).toEqual({ code: Err.PASSWORD_HAS_NAME, key: `errors:${Err.PASSWORD_HAS_NAME}` });
    const mailed = { ...values, password: 'marguerite-9', confirmPassword: 'marguerite-9' };
    expect(registerRefusal(mailed)).toEqual({ code: Err.PASSWORD_HAS_NAME, key: `errors:${Err.PASSWORD_HAS_NAME}` });
    // a phone registration has no e-mail to compare with
    expect(registerRefusal({ ...mailed, channel: 'phone', phone: '7700900123' })).toBeNull();
  });
});
