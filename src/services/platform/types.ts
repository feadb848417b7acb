/** Wire types the browser uses, taken from the shared TypeBox contract (never redeclared). */
export type {
  UserProfile as UserInfo,
  LoginResult,
  UserInfoResult,
  SendCodeResult,
  RegisterBody,
  LoginBody,
  RepasswordBody,
  SendCodeBody,
  GoogleAuthUrlResult,
  CodePurpose,
  ActiveSession,
  ActiveSessionList,
  EndedSession,
  LanguageResult,
} from '../../contract/auth.ts';
export type {
  MarketItem,
  MarketPage,
  MarketInfo,
  Candle,
  Interval,
  InstrumentType,
  MarketStats,
  WatchlistResult,
  WatchlistChange,
  PriceSource,
} from '../../contract/market.ts';
export type { WsTick, WsMeta, WsServerMessage } from '../../contract/ws.ts';
export type {
  ContentListItem,
  ContentDetail,
  FaqItem,
  NoticeItem,
  SocialLink,
  HomeFigures,
  ContentType,
} from '../../contract/content.ts';
export type {
  Balances,
  AssetBalance,
  Deposit,
  DepositAddress,
  DepositAddressList,
  DepositPage,
  Withdrawal,
  WithdrawalMethods,
  WithdrawalPage,
  Notification,
  NotificationPage,
  StatementPage,
  StatementRow,
} from '../../contract/wallet.ts';
