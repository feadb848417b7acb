import type { UserProfile, UserInfoResult } from '../../src/contract/auth.ts';
import type { MarketItem } from '../../src/contract/market.ts';

export const user: UserProfile = {
  id: '7',
  username: 'alice',
  email: 'alice@example.test',
  phone: null,
  areaCode: null,
  role: 'customer',
  kycStatus: 'none',
  kycRejectReason: null,
  smartEnabled: false,
  inviteCode: 'ABCD1234',
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const book = { assets: [], availableUsdt: '100000', totalUsdt: '100000' };
export const userInfo: UserInfoResult = {
  user: { ...user, kycStatus: 'pending' },
  book: 'demo',
  balances: { demo: book, real: { ...book, availableUsdt: '0', totalUsdt: '0' } },
};

export const market: MarketItem = {
  code: 'BTCUSDT',
  type: 'crypto',
  id: '1',
  logo: '/logo.svg',
  appName: 'Bitcoin',
  price: '50000.00',
  zdf: 1.5,
  hundred: Array.from({ length: 100 }, (_, i) => 50000 + i),
  nowPrice: '50000.00',
  source: 'simulated',
  stale: false,
  marketOpen: true,
  pricePrecision: 2,
  quantityStep: '0.0001',
};
