import type { Language } from '../../contract/constants.ts';
import { call } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the browser bundle
import type { DocumentAccessPage } from '../../contract/privacy.ts';
import type { ApiKey, ApiKeyList, CreateApiKeyBody } from '../../contract/apiKeys.ts';
import type {
  ActiveSessionList,
  EndedSession,
  LanguageResult,
  LoginBody,
  LoginResult,
  RegisterBody,
  RepasswordBody,
  SendCodeBody,
  SendCodeResult,
  UserInfoResult,
  GoogleAuthUrlResult,
} from '../platform/types.ts';

import type {
  AntiPhishing,
  LoginStepResult,
  LoginTwoFactorBody,
  RecoveryCodes,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../contract/twoFactor.ts';

const L = '/swx/customer/login';
export const authApi = {
  sendCode: (body: SendCodeBody, signal?: AbortSignal) => call<SendCodeResult>(`${L}/sendCode`, { method: 'POST', body, signal }),
  register: (body: RegisterBody, signal?: AbortSignal) => call<LoginResult>(`${L}/register`, { method: 'POST', body, signal }),
  /** a session, or with two-factor sign-in on the challenge of the code step (loginTwoFactor) */
  login: (body: LoginBody, signal?: AbortSignal) => call<LoginStepResult>(`${L}/login`, { method: 'POST', body, signal }),
  loginTwoFactor: (body: LoginTwoFactorBody, signal?: AbortSignal) =>
    call<LoginResult>(`${L}/loginTwoFactor`, { method: 'POST', body, signal }),
  twoFactorStatus: (signal?: AbortSignal) => call<TwoFactorStatus>('/swx/customer/user/twoFactor', { signal }),
  twoFactorSetup: (signal?: AbortSignal) =>
    call<TwoFactorSetup>('/swx/customer/user/twoFactor/setup', { method: 'POST', body: {}, signal }),
  twoFactorEnable: (code: string, signal?: AbortSignal) =>
    call<RecoveryCodes>('/swx/customer/user/twoFactor/enable', { method: 'POST', body: { code }, signal }),
  twoFactorDisable: (body: TwoFactorDisableBody, signal?: AbortSignal) =>
    call<null>('/swx/customer/user/twoFactor/disable', { method: 'POST', body, signal }),
  antiPhishing: (signal?: AbortSignal) => call<AntiPhishing>('/swx/customer/user/antiPhishing', { signal }),
  setAntiPhishing: (phrase: string | null, signal?: AbortSignal) =>
    call<AntiPhishing>('/swx/customer/user/antiPhishing', { method: 'POST', body: { phrase }, signal }),
  logout: (signal?: AbortSignal) => call<null>(`${L}/logout`, { method: 'POST', body: {}, signal }),
  loginByGoogle: (body: { code: string; state: string }, signal?: AbortSignal) =>
    call<LoginResult>(`${L}/loginByGoogle`, { method: 'POST', body, signal }),
  googleAuthUrl: (signal?: AbortSignal) => call<GoogleAuthUrlResult>(`${L}/googleAuthUrl`, { signal }),
  repassword: (body: RepasswordBody, signal?: AbortSignal) =>
    call<null>('/swx/customer/user/repassword', { method: 'POST', body, signal }),
  userInfo: (signal?: AbortSignal) =>
    call<UserInfoResult>('/swx/customer/user/getUserInfo', { method: 'POST', body: {}, signal }),
  /** the language of the account's mail and SMS (the app's language, after a switch) */
  setLanguage: (language: Language, signal?: AbortSignal) =>
    call<LanguageResult>('/swx/customer/user/language', { method: 'POST', body: { language }, signal }),
  /** the account's signed-in devices, this one marked `current` */
  sessions: (signal?: AbortSignal) => call<ActiveSessionList>('/swx/customer/user/sessions', { signal }),
  documentAccess: (pageNum: number, signal?: AbortSignal) =>
    call<DocumentAccessPage>('/swx/customer/user/documentAccess', { query: { pageNum, pageSize: 20 }, signal }),
  endSession: (id: string, signal?: AbortSignal) =>
    call<EndedSession>(`/swx/customer/user/sessions/${encodeURIComponent(id)}/end`, { method: 'POST', body: {}, signal }),
};

/** The account's API keys (docs/api.md, "Authentication with an API key"). */
export const apiKeysApi = {
  list: (signal?: AbortSignal) => call<ApiKeyList>('/swx/customer/user/apiKeys', { signal }),
  create: (body: CreateApiKeyBody, signal?: AbortSignal) =>
    call<ApiKey>('/swx/customer/user/apiKeys', { method: 'POST', body, signal }),
  revoke: (id: string, signal?: AbortSignal) =>
    call<ApiKey>(`/swx/customer/user/apiKeys/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {}, signal }),
};
