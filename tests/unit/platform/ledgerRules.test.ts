import { describe, expect, it } from 'vitest';
import {
  isBitcoinAddress,
  isEthereumAddress,
  isTronAddress,
  isValidAddress,
  toChecksumAddress,
} from '../../../src/contract/chainAddresses.ts';
import { parseUserAmount, withdrawalFee } from '../../../server/platform/ledger/amounts.ts';
import { sniffImage } from '../../../server/platform/uploads/images.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { depositMachine, type DepositStatus } from '../../../src/machines/wallet/deposit.ts';
import { withdrawalMachine } from '../../../src/machines/wallet/withdrawal.ts';
import { BizError } from '../../../server/platform/http/errors.ts';
import { Err } from '../../../src/contract/errors.ts';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof BizError ? e.code : -1;
  }
  return 0;
};

describe('addresses per network', () => {
  it('accepts Bitcoin P2PKH, P2SH, bech32 and bech32m', () => {
    for (const a of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ]) {
      expect(isBitcoinAddress(a), a).toBe(true);
    }
  });
  it('refuses Bitcoin typos, wrong checksums, testnet and mixed-up encodings', () => {
    for (const a of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0',
      '',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      // v1 program encoded with bech32 instead of bech32m (BIP 350 invalid vector)
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      "1A1zP1eP5QGefi2DMP' OR 1=1--",
    ]) {
      expect(isBitcoinAddress(a), a).toBe(false);
    }
  });
  it('checks the EIP-55 checksum only when the case is mixed', () => {
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isEthereumAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true);
    expect(isEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEthereumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false);
    expect(isEthereumAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
    expect(isEthereumAddress('0xZaaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
    expect(toChecksumAddress('de709f2102306220921060314715629080e2fb77')).toBe('0xde709f2102306220921060314715629080e2fb77');
  });
  it('TRON: base58check with the 0x41 prefix', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isTronAddress('T' + 'x'.repeat(33))).toBe(false);
  });
  it('dispatches per network', () => {
    expect(isValidAddress('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
  });
});

describe('amounts and fees', () => {
  it('accepts plain decimals within the precision', () => {
    expect(parseUserAmount('USDT', '120')).toBe('120.000000');
    expect(parseUserAmount('BTC', '0.00000001')).toBe('0.00000001');
    expect(parseUserAmount('ETH', '007.5')).toBe('7.50000000');
  });
  it('refuses zero, negatives, too many decimals, exponents, hex, huge and non-numeric with 10042', () => {
    for (const bad of [
      '0',
      '0.0',
      '-1',
      '1.0000001',
      '1e3',
      '0x10',
      'Infinity',
      'NaN',
      '',
      ' 1',
      'abc',
      '1,5',
      '100000000000000000000',
      '99999999999999999999999',
      '1; DROP TABLE users',
      '<script>',
    ]) {
      expect(
        code(() => parseUserAmount('USDT', bad)),
        bad,
      ).toBe(Err.AMOUNT_INVALID);
    }
    expect(code(() => parseUserAmount('BTC', '0.000000001'))).toBe(Err.AMOUNT_INVALID);
  });
  it('fee rounds down to the precision and fee + received = amount exactly', () => {
    expect(withdrawalFee('USDT', '100.000000', '0.01')).toEqual({ fee: '1.000000', receiveAmount: '99.000000' });
    expect(withdrawalFee('USDT', '10.000001', '0.01')).toEqual({ fee: '0.100000', receiveAmount: '9.900001' });
    expect(withdrawalFee('BTC', '0.00123457', '0.015')).toEqual({ fee: '0.00001851', receiveAmount: '0.00121606' });
  });
});

describe('images by content', () => {
  it('knows JPEG, PNG and JPEG 2000 by their magic bytes, nothing else', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffImage(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
    expect(sniffImage(Buffer.from('0000000c6a5020200d0a870a00', 'hex'))).toBe('jp2');
    expect(sniffImage(Buffer.from('ff4fff5100', 'hex'))).toBe('j2k');
    expect(sniffImage(Buffer.from('this is text pretending to be a png'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('statecharts decide status changes', () => {
  it('deposit: pending → approved | rejected, final afterwards', () => {
    expect(nextStatus(depositMachine, 'pending', { type: 'deposit.approve' })).toBe('approved');
    expect(nextStatus(depositMachine, 'pending', { type: 'deposit.reject', reason: 'x' })).toBe('rejected');
    expect(code(() => nextStatus(depositMachine, 'approved', { type: 'deposit.approve' }))).toBe(Err.STATUS_TRANSITION_DENIED);
    expect(code(() => nextStatus(depositMachine, 'approved', { type: 'deposit.reject', reason: 'x' }))).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
    expect(code(() => nextStatus(depositMachine, 'rejected', { type: 'deposit.approve' }))).toBe(Err.STATUS_TRANSITION_DENIED);
    // a value no chart declares (a row written by hand) is refused too, never moved on
    expect(code(() => nextStatus(depositMachine, 'bogus' as DepositStatus, { type: 'deposit.approve' }))).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
  });
  it('withdrawal: pending → approved | rejected, final afterwards', () => {
    expect(nextStatus(withdrawalMachine, 'pending', { type: 'withdrawal.approve', payoutTxHash: 'ab' })).toBe('approved');
    expect(nextStatus(withdrawalMachine, 'pending', { type: 'withdrawal.reject', reason: 'x' })).toBe('rejected');
    expect(code(() => nextStatus(withdrawalMachine, 'rejected', { type: 'withdrawal.approve', payoutTxHash: 'ab' }))).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
    expect(code(() => nextStatus(withdrawalMachine, 'approved', { type: 'withdrawal.reject', reason: 'x' }))).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
  });
});
