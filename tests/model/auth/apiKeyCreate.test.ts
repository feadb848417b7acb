import { describe, expect, it } from 'vitest';
import { apiKeyRefusal, ipEntries } from '../../../src/machines/auth/apiKeyCreate.ts';
import { checkModel } from '../pathRunner.ts';
import { goodKey, model } from './apiKeyCreate.model.ts';

/** The API key creation flow's generated paths (apiKeyCreate.model.ts), then its guard. */
describe('API key creation: generated paths', () => {
  checkModel(model);
});

describe('the guard refuses before anything is sent', () => {
  it('a name of 1–40 characters and at least one scope', () => {
    expect(apiKeyRefusal(goodKey)).toBeNull();
    expect(apiKeyRefusal({ ...goodKey, name: '  ' })?.key).toBe('app:apiKeys.nameRequired');
    expect(apiKeyRefusal({ ...goodKey, name: 'x'.repeat(41) })?.key).toBe('app:apiKeys.nameTooLong');
    expect(apiKeyRefusal({ ...goodKey, scopes: [] })?.key).toBe('app:apiKeys.scopeRequired');
  });
  it('the allowlist as typed: commas, spaces and lines separate entries', () => {
    expect(ipEntries(' 203.0.113.7,198.51.100.0/24\n2001:db8::/32  ')).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::/32',
    ]);
    expect(ipEntries('')).toEqual([]);
  });
});
