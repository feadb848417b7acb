/**
 * The published API's error catalogue plus the codes we added beside it (documented in
 * docs/error-catalogue.md). Messages live in src/locales/<lng>/errors.json under the code.
 * Shared by browser and server: no DOM, no Node imports.
 */
export const Err = {
  // the published API's catalogue (docs/error-catalogue.md)
  USERNAME_OR_EMAIL_REQUIRED: 10001,
  EMAIL_INVALID: 10002,
  USERNAME_INVALID: 10003,
  PASSWORD_WRONG: 10004,
  USER_STATUS_ABNORMAL: 10005,
  USERNAME_EXISTS: 10006,
  EMAIL_OR_PHONE_EXISTS: 10007,
  USER_STATUS_WRONG: 10008,
  USER_NOT_FOUND: 10009,
  SMART_PRODUCT_WRONG: 10010,
  INSUFFICIENT_BALANCE: 10011,
  NO_MATCHING_DAYS: 10012,
  INVESTMENT_AMOUNT_WRONG: 10013,
  OPTIONS_PRODUCT_WRONG: 10014,
  NOT_TRADABLE: 10015,
  PURCHASE_AMOUNT_WRONG: 10016,
  NO_MATCHING_PERIOD: 10017,
  SYSTEM_PARAM_FAILED: 10018,
  AUTH_STATUS_WRONG: 10019,
  NFT_STATUS_WRONG: 10020,
  ADDRESS_REQUIRED: 10021,
  USER_NOT_AUTHENTICATED: 10022,
  LOAN_PERIOD_WRONG: 10023,
  ALREADY_BOUGHT: 10024,
  WITHDRAW_METHOD_REQUIRED: 10025,
  VERIFY_CODE_WRONG: 10091,
  // added by us (docs/error-catalogue.md)
  MALFORMED_REQUEST: 10030,
  TOO_MANY_REQUESTS: 10031,
  VERIFY_CODE_EXPIRED: 10032,
  DEMO_NOT_ALLOWED: 10033,
  PASSWORDS_DIFFER: 10034,
  PASSWORD_TOO_WEAK: 10035,
  PHONE_INVALID: 10036,
  DEPOSIT_BELOW_MINIMUM: 10037,
  TX_HASH_USED: 10038,
  IMAGE_FORMAT_WRONG: 10039,
  IMAGE_TOO_LARGE: 10040,
  ADDRESS_INVALID: 10041,
  AMOUNT_INVALID: 10042,
  RECORD_NOT_FOUND: 10043,
  STATUS_TRANSITION_DENIED: 10044,
  OPERATOR_ONLY: 10045,
  INVITE_CODE_INVALID: 10046,
  PRICE_UNAVAILABLE: 10047,
  GOOGLE_LOGIN_FAILED: 10048,
  LOGIN_THROTTLED: 10049,
  INTERNAL: 10050,
  SMART_NOT_ENABLED: 10051,
  INSTRUMENT_NOT_FOUND: 10052,
  NOT_FOUND: 10053,
  CODE_SEND_TOO_SOON: 10054,
  UPLOAD_REQUIRED: 10055,
  OWN_RECORD_REVIEW: 10056,
  PASSWORD_COMMON: 10057,
  PASSWORD_HAS_NAME: 10058,
  LOGIN_REQUIRED: 401,
} as const;
export type ErrCode = (typeof Err)[keyof typeof Err];

export const Ok = {
  SUCCESS: 200,
  SUBMITTED_FOR_REVIEW: 20001,
  RECHARGE_SUBMITTED: 20002,
  WITHDRAWAL_SUBMITTED: 20003,
  PURCHASE_SUCCESSFUL: 20004,
  MODIFIED: 20005,
} as const;
export type OkCode = (typeof Ok)[keyof typeof Ok];

/** Every code that has a message in every language file. */
export const ALL_CODES: readonly number[] = [...Object.values(Err), ...Object.values(Ok)];

/** HTTP status for a refusal. Business outcomes stay 200 (the client reads the body code). */
export function httpStatusFor(code: number): number {
  switch (code) {
    case Err.MALFORMED_REQUEST: return 400;
    case Err.TOO_MANY_REQUESTS: return 429;
    case Err.OPERATOR_ONLY: return 403;
    case Err.NOT_FOUND: return 404;
    case Err.INTERNAL: return 500;
    default: return 200;
  }
}
