/**
 * Phone area codes offered at registration (docs/products.md, section 3: 53 codes such as +1, +44,
 * +81, +852, +886). Shared by browser (picker) and server (validation): no DOM, no Node.
 * `code` is what the user picks and what the API takes as `areaCode`; `iso` is ISO 3166-1.
 */
export interface AreaCode {
  code: string;
  iso: string;
  /** English name; the app may translate by `iso`. */
  country: string;
}

export const AREA_CODES: readonly AreaCode[] = [
  { code: '+1', iso: 'US', country: 'United States / Canada' },
  { code: '+7', iso: 'RU', country: 'Russia / Kazakhstan' },
  { code: '+20', iso: 'EG', country: 'Egypt' },
  { code: '+27', iso: 'ZA', country: 'South Africa' },
  { code: '+30', iso: 'GR', country: 'Greece' },
  { code: '+31', iso: 'NL', country: 'Netherlands' },
  { code: '+32', iso: 'BE', country: 'Belgium' },
  { code: '+33', iso: 'FR', country: 'France' },
  { code: '+34', iso: 'ES', country: 'Spain' },
  { code: '+36', iso: 'HU', country: 'Hungary' },
  { code: '+39', iso: 'IT', country: 'Italy' },
  { code: '+40', iso: 'RO', country: 'Romania' },
  { code: '+41', iso: 'CH', country: 'Switzerland' },
  { code: '+43', iso: 'AT', country: 'Austria' },
  { code: '+44', iso: 'GB', country: 'United Kingdom' },
  { code: '+45', iso: 'DK', country: 'Denmark' },
  { code: '+46', iso: 'SE', country: 'Sweden' },
  { code: '+47', iso: 'NO', country: 'Norway' },
  { code: '+48', iso: 'PL', country: 'Poland' },
  { code: '+49', iso: 'DE', country: 'Germany' },
  { code: '+51', iso: 'PE', country: 'Peru' },
  { code: '+52', iso: 'MX', country: 'Mexico' },
  { code: '+54', iso: 'AR', country: 'Argentina' },
  { code: '+55', iso: 'BR', country: 'Brazil' },
  { code: '+56', iso: 'CL', country: 'Chile' },
  { code: '+57', iso: 'CO', country: 'Colombia' },
  { code: '+60', iso: 'MY', country: 'Malaysia' },
  { code: '+61', iso: 'AU', country: 'Australia' },
  { code: '+62', iso: 'ID', country: 'Indonesia' },
  { code: '+63', iso: 'PH', country: 'Philippines' },
  { code: '+64', iso: 'NZ', country: 'New Zealand' },
  { code: '+65', iso: 'SG', country: 'Singapore' },
  { code: '+66', iso: 'TH', country: 'Thailand' },
  { code: '+81', iso: 'JP', country: 'Japan' },
  { code: '+82', iso: 'KR', country: 'South Korea' },
  { code: '+84', iso: 'VN', country: 'Vietnam' },
  { code: '+86', iso: 'CN', country: 'China' },
  { code: '+90', iso: 'TR', country: 'Türkiye' },
  { code: '+91', iso: 'IN', country: 'India' },
  { code: '+92', iso: 'PK', country: 'Pakistan' },
  { code: '+234', iso: 'NG', country: 'Nigeria' },
  { code: '+254', iso: 'KE', country: 'Kenya' },
  { code: '+351', iso: 'PT', country: 'Portugal' },
  { code: '+353', iso: 'IE', country: 'Ireland' },
  { code: '+358', iso: 'FI', country: 'Finland' },
  { code: '+380', iso: 'UA', country: 'Ukraine' },
  { code: '+852', iso: 'HK', country: 'Hong Kong' },
  { code: '+853', iso: 'MO', country: 'Macau' },
  { code: '+855', iso: 'KH', country: 'Cambodia' },
  { code: '+880', iso: 'BD', country: 'Bangladesh' },
  { code: '+886', iso: 'TW', country: 'Taiwan' },
  { code: '+966', iso: 'SA', country: 'Saudi Arabia' },
  { code: '+971', iso: 'AE', country: 'United Arab Emirates' },
];

const KNOWN = new Set(AREA_CODES.map((a) => a.code));

/** Accepts "+44", "44" or "0044"; returns the canonical "+44", or undefined if not offered. */
export function normaliseAreaCode(input: string): string | undefined {
  const digits = input.trim().replace(/^\+|^00/, '');
  if (!/^[0-9]{1,4}$/.test(digits)) return undefined;
  const code = `+${digits}`;
  return KNOWN.has(code) ? code : undefined;
}

/**
 * The stored phone: area code + national number without its trunk zero, at most 15 digits
 * (E.164). Spaces, dashes and brackets are tolerated in the input. Undefined when invalid.
 */
export function normalisePhone(areaCode: string, national: string): { areaCode: string; phone: string } | undefined {
  const ac = normaliseAreaCode(areaCode);
  if (!ac) return undefined;
  const cleaned = national.trim().replace(/[\s\-().]/g, '');
  if (!/^[0-9]{4,14}$/.test(cleaned)) return undefined;
  const nat = cleaned.replace(/^0+/, '');
  const full = `${ac}${nat}`;
  if (nat.length < 4 || full.length - 1 > 15) return undefined;
  return { areaCode: ac, phone: full };
}
