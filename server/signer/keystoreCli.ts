/**
 * `npm run signer:keystore -- <file>`: seals a hot wallet's private key (0x + 64 hex digits, read
 * from standard input, never from an argument or the environment) into a keystore file under
 * SIGNER_KEYSTORE_PASSPHRASE. Run it on the signer's machine; the file is written with mode 0600.
 */
import fs from 'node:fs';
import { readEnv } from '../platform/env.ts';
import { SIGNER_ENV } from './config.ts';
import { sealKey } from './keystore.ts';

const file = process.argv[2];
const { SIGNER_KEYSTORE_PASSPHRASE: passphrase } = readEnv(SIGNER_ENV, process.env);
if (!file || !passphrase) {
  console.error('usage: SIGNER_KEYSTORE_PASSPHRASE=… npm run signer:keystore -- <file>  (the key on standard input)');
  process.exit(2);
}
const key = fs.readFileSync(0, 'utf8').trim();
if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
  console.error('the key must be 0x followed by 64 hex digits');
  process.exit(2);
}
const sealed = sealKey(key as `0x${string}`, passphrase);
fs.writeFileSync(file, JSON.stringify(sealed, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
console.log(`sealed the key of ${sealed.address} into ${file}`);
