import { describe, expect, it } from 'vitest';
import { BRAND_NAME_DEFAULT } from '../../../src/contract/constants.ts';
import { PASSWORD_MIN_SCORE } from '../../../src/contract/passwordStrength.ts';
import { estimatePassword } from '../../../src/services/auth/passwordStrength.ts';
import { OWN_NAME, OWN_NAME_PASSWORDS, PASSPHRASE, PROBE_PASSWORDS } from '../../setup/probePasswords.ts';

/** The shape rule and the breached list (10035, 10057) the form and the service check apart. */
const ESTIMATED = PROBE_PASSWORDS.filter(([, code]) => code !== 10057).map(([p]) => p);

describe("the browser's live estimate refuses what the service refuses (issue 41)", () => {
  const defaults = { brandName: BRAND_NAME_DEFAULT, publicHost: 'localhost' };

  it('scores every probe pattern the estimator judges below the minimum on the default service', async () => {
    const passing: string[] = [];
    for (const password of ESTIMATED) {
      if ((await estimatePassword(password, {}, defaults)) >= PASSWORD_MIN_SCORE) passing.push(password);
    }
    expect(passing).toEqual([]);
    expect(ESTIMATED.length).toBeGreaterThanOrEqual(30);
  });

  it("uses the service's published name and host: another brand's words with digits score 0", async () => {
    const own = { brandName: OWN_NAME.brandName, publicHost: new URL(OWN_NAME.publicUrl).hostname };
    for (const password of OWN_NAME_PASSWORDS) expect(await estimatePassword(password, {}, own), password).toBe(0);
    // the same passwords are only words to an estimator that does not know the name
    expect(await estimatePassword('NimbusMarkets2026!', {}, defaults)).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
  });

  it('scores a passphrase of unrelated words at the minimum or above', async () => {
    expect(await estimatePassword(PASSPHRASE, {}, defaults)).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
  });
});
