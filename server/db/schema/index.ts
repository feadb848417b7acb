// One file per domain; each helper adds its own and exports it here.
export * from './users.ts';
export * from './ledger.ts';
export * from './audit.ts';
export * from './wallet.ts';
export * from './content.ts';
export * from './market.ts';
export * from './smart.ts';
export * from './trading.ts';
export * from './kyc.ts';
export * from './support.ts';
export * from './loans.ts';
export * from './nfts.ts';
export * from './jobs.ts';
export * from './operators.ts';
export * from './blobs.ts';
export * from './twoFactor.ts';
