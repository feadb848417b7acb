import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { shellFor } from '../../../src/services/platform/device.ts';
import { readSettings, writeSettings, type KeyValueStorage } from '../../../src/services/platform/settings.ts';
import { toQueryString } from '../../../src/services/platform/query.ts';
import { codeSenderMachine } from '../../../src/machines/auth/codeSender.ts';
import { contentTypeFor, directionOf, normaliseLanguage } from '../../../src/i18n/languages.ts';

const memory = (): KeyValueStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
};

describe('shell by user agent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'mobile'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/130.0', 'desktop'],
    ['', 'desktop'],
  ])('%s → %s', (ua, shell) => expect(shellFor(ua)).toBe(shell));
});

describe('local settings', () => {
  it('defaults: logged out, en, demo book, board shown', () => {
    expect(readSettings(memory(), memory())).toEqual({
      token: null,
      userInfo: null,
      isLogin: false,
      language: 'en',
      book: 'demo',
      showBoard: true,
    });
  });
  it('round-trips, with showBoard in local storage (every tab) and the book stored as virtualStatus (0 = real)', () => {
    const local = memory();
    const session = memory();
    const s = { token: 'tok', userInfo: null, isLogin: true, language: 'ar' as const, book: 'real' as const, showBoard: false };
    writeSettings(s, local);
    expect(local.map.get('showBoard')).toBe('false');
    expect(local.map.get('virtualStatus')).toBe('0');
    // a new tab (its session storage empty) reads the same: a dismissed board stays dismissed
    expect(readSettings(local, session)).toEqual(s);
    writeSettings({ ...s, book: 'demo' }, local);
    expect(local.map.get('virtualStatus')).toBe('1');
  });
  it('a board dismissed for the tab by an earlier version stays dismissed', () => {
    const session = memory();
    session.setItem('showBoard', 'false');
    expect(readSettings(memory(), session).showBoard).toBe(false);
  });
  it('survives garbage and hostile values', () => {
    const local = memory();
    local.setItem('token', '{not json');
    local.setItem('isLogin', 'true');
    local.setItem('language', '"<script>alert(1)</script>"');
    local.setItem('virtualStatus', '"x"'.repeat(5000));
    local.setItem('userInfo', '42');
    const s = readSettings(local, memory());
    expect(s).toMatchObject({ token: null, isLogin: false, language: 'en', book: 'demo', userInfo: null });
  });
  it('a login flag without a token is not a session', () => {
    const local = memory();
    local.setItem('isLogin', 'true');
    expect(readSettings(local, memory()).isLogin).toBe(false);
  });
});

describe('languages', () => {
  it('Arabic is right to left, the rest left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    for (const l of ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'hk', 'zh'] as const) expect(directionOf(l)).toBe('ltr');
  });
  it('content type 1 for zh, 2 otherwise; unknown languages fall back to en', () => {
    expect(contentTypeFor('zh')).toBe(1);
    expect(contentTypeFor('hk')).toBe(2);
    expect(normaliseLanguage('xx')).toBe('en');
    expect(normaliseLanguage(null)).toBe('en');
  });
});

describe('GET query strings', () => {
  it('repeats keys for arrays and drops empty values', () => {
    expect(toQueryString({ codes: ['A', 'B'], type: 'crypto', x: undefined, y: null, n: 2 })).toBe(
      '?codes=A&codes=B&type=crypto&n=2',
    );
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ search: "a&b=c' OR 1=1" })).toBe('?search=a%26b%3Dc%27+OR+1%3D1');
  });
});

describe('code sender machine', () => {
  it('sends, counts down one second at a time, then allows a resend', async () => {
    const clock = new SimulatedClock();
    const sent: Record<string, string>[] = [];
    const actor = createActor(
      codeSenderMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }) => (sent.push(input), { sentTo: 'a***@x.test', resendAfterSeconds: 3 })),
        },
      }),
      { clock },
    ).start();
    actor.send({ type: 'code.send', target: { channel: 'email', email: 'a@x.test', phone: '', areaCode: '' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('coolingDown');
    expect(actor.getSnapshot().context.secondsLeft).toBe(3);
    actor.send({ type: 'code.send', target: { channel: 'email', email: 'a@x.test', phone: '', areaCode: '' } });
    expect(sent).toHaveLength(1);
    clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(2);
    clock.increment(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.sentTo).toBe('a***@x.test');
  });
  it('a refused send shows the message and stays sendable', async () => {
    const actor = createActor(
      codeSenderMachine.provide({
        actors: {
          sendCode: fromPromise(async (): Promise<{ sentTo: string; resendAfterSeconds: number }> => {
            throw new Error('Too soon');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'code.send', target: { channel: 'phone', email: '', phone: '7700900123', areaCode: '+44' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('Too soon');
  });
});
