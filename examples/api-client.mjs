#!/usr/bin/env node
/**
 * A client of the platform's API signed with an API key (docs/api.md, "Authentication with an API
 * key"): it reads the demo balance, opens a small demo order, reads it back and closes it.
 * Plain Node 20+, nothing to install: node:crypto signs, fetch sends.
 *
 *   API_KEY_ID=ak_… API_KEY_FILE=./my-key.pem node examples/api-client.mjs
 *
 * API_KEY_FILE is the private key the security screen offered for download (PKCS#8 PEM), or one
 * made by your own tool (`openssl genpkey -algorithm ed25519 -out my-key.pem`, then register the
 * public key). The key needs the scopes read and trade. PLATFORM_URL defaults to
 * http://localhost:3000; SYMBOL to BTCUSDT.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

const base = (process.env.PLATFORM_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const keyId = process.env.API_KEY_ID;
const keyFile = process.env.API_KEY_FILE;
const symbol = process.env.SYMBOL ?? 'BTCUSDT';
if (!keyId || !keyFile) {
  console.error('Set API_KEY_ID (the key id, ak_…) and API_KEY_FILE (its private key, PKCS#8 PEM).');
  process.exit(2);
}
const privateKey = crypto.createPrivateKey(fs.readFileSync(keyFile, 'utf8'));

/**
 * One signed call: the signature covers timestamp + METHOD + path with its query + the body
 * exactly as sent, so the body is serialised once and that text is both signed and sent.
 * `virtually: NO` selects the demo book.
 */
async function call(method, path, payload) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = crypto.sign(null, Buffer.from(timestamp + method + path + body), privateKey).toString('base64');
  const res = await fetch(base + path, {
    method,
    headers: {
      'x-api-key': keyId,
      'x-api-timestamp': timestamp,
      'x-api-recv-window': '10000',
      'x-api-signature': signature,
      virtually: 'NO',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body } : {}),
  });
  const envelope = await res.json();
  // 200 is success, 2000x a success notice; anything else is a refusal with its catalogue code
  if (envelope.code !== 200 && !(envelope.code >= 20000 && envelope.code < 21000)) {
    throw new Error(`${method} ${path}: refused ${envelope.code}: ${envelope.msg}`);
  }
  return envelope.result;
}

const balances = await call('GET', '/swx/customer/user/balances');
const usdt = balances.assets.find((a) => a.asset === 'USDT');
console.log(`demo USDT available: ${usdt?.available ?? '0'}`);

const opened = await call('POST', '/swx/customer/order/buyOptions', {
  code: symbol,
  direction: 'up',
  lots: '0.01',
  leverage: 10,
  period: 300,
  // a retry with the same clientKey answers the first order instead of opening a second
  clientKey: crypto.randomUUID(),
});
console.log(`opened order ${opened.id} on ${symbol} at ${opened.openPrice}`);

const read = await call('GET', `/swx/customer/order/getOptionsOrderById/${opened.id}`);
console.log(`order ${read.id} is ${read.status}`);

const closed = await call('POST', '/swx/customer/order/closeOptions', { id: opened.id });
console.log(`closed order ${closed.id} at ${closed.closePrice}: profit ${closed.profit} USDT`);
