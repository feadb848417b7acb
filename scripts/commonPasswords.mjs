// Regenerates server/auth/commonPasswords.txt from the password list of the npm package
// @zxcvbn-ts/language-common (MIT), checked offline:
//   npm pack @zxcvbn-ts/language-common && tar xzf zxcvbn-ts-language-common-*.tgz
//   node scripts/commonPasswords.mjs package/src/passwords.json
// Only the entries the shape rule (src/contract/auth.ts passwordStrongEnough: 8 to 64 characters,
// a letter and a digit) lets through are kept, lower-cased, in the list's order (most common first):
// the others are refused by that rule already.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: node scripts/commonPasswords.mjs <path to passwords.json>');
const version = JSON.parse(readFileSync(join(dirname(resolve(source)), '..', 'package.json'), 'utf8')).version;
const seen = new Set();
for (const raw of JSON.parse(readFileSync(source, 'utf8'))) {
  const p = String(raw).toLowerCase();
  if (p.length >= 8 && p.length <= 64 && /[a-z]/.test(p) && /[0-9]/.test(p)) seen.add(p);
}
const header = [
  `# Common passwords that pass the shape rule (8-64 characters, a letter and a digit), lower-cased,`,
  `# most common first: ${seen.size} of the list of @zxcvbn-ts/language-common ${version}`,
  `# (MIT; Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.; Copyright (c) 2021 @zxcvbn-ts).`,
  `# Regenerate with scripts/commonPasswords.mjs.`,
];
writeFileSync(new URL('../server/auth/commonPasswords.txt', import.meta.url), `${[...header, ...seen].join('\n')}\n`);
console.log(`${seen.size} passwords`);
