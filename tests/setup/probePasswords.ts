import { Err } from '../../src/contract/errors.ts';

/**
 * The 32 common shapes a security probe tries first against a trading service (issue 41), with
 * the refusal each gets on the default service ("Trading platform" at localhost): the brand and
 * the domain's words with digits, symbols and swaps (10171), keyboard walks and the usual
 * passwords (10057 breached, 10170 guessable). The server and the browser's estimate refuse them all.
 */
export const PROBE_PASSWORDS: ReadonlyArray<readonly [password: string, code: number]> = [
  // the service's name, whole or in parts
  ['Tradeplatform1', Err.PASSWORD_SERVICE_WORDS],
  ['Tradingplatform1', Err.PASSWORD_SERVICE_WORDS],
  ['TradingPlatform2024!', Err.PASSWORD_SERVICE_WORDS],
  ['Tradingplatform!1', Err.PASSWORD_SERVICE_WORDS],
  ['Trading@Platform1', Err.PASSWORD_SERVICE_WORDS],
  ['tradingplatform123', Err.PASSWORD_SERVICE_WORDS],
  ['TradingPlatform#2026', Err.PASSWORD_SERVICE_WORDS],
  ['Tr@d1ngPl@tf0rm1', Err.PASSWORD_SERVICE_WORDS],
  ['Platform123!', Err.PASSWORD_SERVICE_WORDS],
  ['Localhost1!', Err.PASSWORD_SERVICE_WORDS],
  // the domain's words with years, digits and symbols
  ['Trade2024!', Err.PASSWORD_SERVICE_WORDS],
  ['Trade@123', Err.PASSWORD_SERVICE_WORDS],
  ['Tr4de2024!', Err.PASSWORD_SERVICE_WORDS],
  ['Trade1234Trade', Err.PASSWORD_SERVICE_WORDS],
  ['Trading123!', Err.PASSWORD_SERVICE_WORDS],
  ['Crypto123', Err.PASSWORD_SERVICE_WORDS],
  ['Crypto2026!', Err.PASSWORD_SERVICE_WORDS],
  ['CryptoWallet1', Err.PASSWORD_SERVICE_WORDS],
  ['Bitcoin2024!', Err.PASSWORD_SERVICE_WORDS],
  ['Bitcoin123$', Err.PASSWORD_SERVICE_WORDS],
  ['BitcoinWallet2024', Err.PASSWORD_SERVICE_WORDS],
  ['Wallet!2026', Err.PASSWORD_SERVICE_WORDS],
  ['W@llet2025', Err.PASSWORD_SERVICE_WORDS],
  ['Exchange1!', Err.PASSWORD_SERVICE_WORDS],
  ['Exchange2025', Err.PASSWORD_SERVICE_WORDS],
  // keyboard walks
  ['Qwerty123!', Err.PASSWORD_GUESSABLE],
  ['Qwertyuiop1', Err.PASSWORD_COMMON],
  ['Asdfghjkl1!', Err.PASSWORD_GUESSABLE],
  ['1qaz2wsx3edc', Err.PASSWORD_COMMON],
  ['Zxcvbnm123!', Err.PASSWORD_GUESSABLE],
  // the usual ones, dressed up
  ['P@ssw0rd2024', Err.PASSWORD_GUESSABLE],
  ['Welcome2024!', Err.PASSWORD_GUESSABLE],
];

/** Another service's name and address, with digits and symbols: refused once BRAND_NAME and PUBLIC_URL say so. */
export const OWN_NAME = { brandName: 'Nimbus Markets', publicUrl: 'https://app.nimbusmarkets.example' } as const;
export const OWN_NAME_PASSWORDS = ['NimbusMarkets2026!', 'Nimbus#1234', 'n1mbu$markets!9', 'Markets@2026', 'nimbus-2026'];

/** A passphrase of unrelated words (one of them the domain's): accepted everywhere. */
export const PASSPHRASE = 'my wallet keeps 3 purple giraffes';
