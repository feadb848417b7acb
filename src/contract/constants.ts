/** Business constants (docs/products.md, section 9). Shared by browser and server. */
export const LANGUAGES = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const REQUEST_TIMEOUT_MS = 90_000;
export const ASSETS = ['USDT', 'BTC', 'ETH'] as const;
export type Asset = (typeof ASSETS)[number];
/** Decimal places kept for each asset; amounts are rounded down (toward zero) to it. */
export const ASSET_DECIMALS: Record<Asset, number> = { USDT: 6, BTC: 8, ETH: 8 };
/**
 * Places an amount is shown with in lists and summaries (docs/frontend.md, "Figures"): always that
 * many, cut toward zero. Where the user acts on an amount (a withdrawal's amount and fee, a
 * confirmation) it is shown at ASSET_DECIMALS instead.
 */
export const DISPLAY_DECIMALS: Record<Asset, number> = { USDT: 2, BTC: 8, ETH: 8 };
export const MIN_DEPOSIT: Record<Asset, string> = { USDT: '120', BTC: '0.015', ETH: '0.2' };
export const DEMO_GRANT_USDT = '100000';

export const BOOKS = ['demo', 'real'] as const;
export type Book = (typeof BOOKS)[number];
/** Header `virtually`: NO = demo book, YES = real book; demo is the default. */
export const VIRTUALLY_HEADER = 'virtually';
export const bookFromHeader = (v: string | undefined): Book => (v?.toUpperCase() === 'YES' ? 'real' : 'demo');

export const VERIFY_CODE_TTL_MS = 10 * 60_000;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
export const UPLOAD_MAX_BYTES_DEFAULT = 2 * 1024 * 1024;
export const SPARKLINE_POINTS = 100;

/** The name the app shows (src/locales/en/platform.json, "brand"): BRAND_NAME's default. */
export const BRAND_NAME_DEFAULT = 'Trading platform';
