/**
 * Receiving-address checks per network, so a typo cannot send coins into the void:
 * Bitcoin base58check (P2PKH 0x00, P2SH 0x05) and bech32 / bech32m (BIP 173 / 350),
 * Ethereum 0x + 40 hex with the EIP-55 checksum when the case is mixed,
 * TRON base58check with the 0x41 prefix. Mainnet only.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Network } from './wallet.ts';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Decodes base58 and verifies the 4-byte double-sha256 checksum; returns the payload or null. */
export function base58check(s: string): Uint8Array | null {
  if (!s || s.length > 64) return null;
  let n = 0n;
  for (const ch of s) {
    const v = B58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of s) {
    if (ch === '1') bytes.unshift(0);
    else break;
  }
  if (bytes.length < 5) return null;
  const raw = Uint8Array.from(bytes);
  const payload = raw.slice(0, -4);
  const sum = sha256(sha256(payload)).slice(0, 4);
  return sum.every((b, i) => b === raw[raw.length - 4 + i]) ? payload : null;
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i];
  }
  return chk >>> 0;
}
const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];
function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0,
    bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (bits >= from || (acc << (to - bits)) & maxv) return null;
  return out;
}

/** Segwit address for hrp "bc": v0 bech32 with a 20/32-byte program, v1+ bech32m (BIP 350). */
export function isSegwit(addr: string, hrp = 'bc'): boolean {
  if (addr.length < 14 || addr.length > 90) return false;
  if (addr !== addr.toLowerCase() && addr !== addr.toUpperCase()) return false;
  const s = addr.toLowerCase();
  const pos = s.lastIndexOf('1');
  if (pos < 1 || s.slice(0, pos) !== hrp || s.length - pos - 1 < 6) return false;
  const data: number[] = [];
  for (const ch of s.slice(pos + 1)) {
    const v = BECH.indexOf(ch);
    if (v < 0) return false;
    data.push(v);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const version = data[0];
  if (version > 16) return false;
  const want = version === 0 ? 1 : 0x2bc830a3;
  if (check !== want) return false;
  const prog = convertBits(data.slice(1, -6), 5, 8);
  if (!prog || prog.length < 2 || prog.length > 40) return false;
  return version !== 0 || prog.length === 20 || prog.length === 32;
}

export function isBitcoinAddress(a: string): boolean {
  if (/^bc1/i.test(a)) return isSegwit(a);
  const p = base58check(a);
  return !!p && p.length === 21 && (p[0] === 0x00 || p[0] === 0x05);
}

/** EIP-55: a mixed-case address must carry the checksum; all-lower or all-upper hex is accepted. */
export function isEthereumAddress(a: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(a)) return false;
  const hex = a.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(hex.toLowerCase()) === a;
}
export function toChecksumAddress(hexLower: string): string {
  const h = bytesToHex(keccak_256(utf8ToBytes(hexLower)));
  return '0x' + [...hexLower].map((c, i) => (parseInt(h[i], 16) >= 8 ? c.toUpperCase() : c)).join('');
}

export function isTronAddress(a: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a)) return false;
  const p = base58check(a);
  return !!p && p.length === 21 && p[0] === 0x41;
}

export function isValidAddress(network: Network, address: string): boolean {
  switch (network) {
    case 'BTC':
      return isBitcoinAddress(address);
    case 'ERC20':
      return isEthereumAddress(address);
    case 'TRC20':
      return isTronAddress(address);
    default:
      return false;
  }
}
