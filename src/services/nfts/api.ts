import { call } from '../platform/api.ts';
import type { NftOrderValues } from '../../machines/nfts/nftOrder.ts';
// types only: the TypeBox builders of the contract stay out of the bundle
import type {
  CharityPayoutBody,
  Donations,
  ListNewNftBody,
  MyNftPage,
  Nft,
  NftDetail,
  NftPage,
  NftSaleType,
  NftStatus,
} from '../../contract/nfts.ts';

export type { Donations, MyNftPage, Nft, NftDetail, NftPage };

const I = '/swx/customer/index';
const U = '/swx/customer/user';
const id = (v: string) => encodeURIComponent(v);

/**
 * Charity NFT calls (docs/nfts.md). Bids and purchases go with the selected book, so the
 * service refuses them in the demo book (10033); "my NFTs" is real money and read as such.
 */
export const nftApi = {
  list: (q: { pageNum: number; pageSize: number; status?: NftStatus; saleType?: NftSaleType }, signal?: AbortSignal) =>
    call<NftPage>(`${I}/listNft`, { query: q, signal }),
  detail: (nftId: string, signal?: AbortSignal) => call<NftDetail>(`${I}/getNft/${id(nftId)}`, { signal }),
  donations: (signal?: AbortSignal) => call<Donations>(`${I}/donations`, { signal }),
  mine: (q: { pageNum: number; pageSize: number }, signal?: AbortSignal) =>
    call<MyNftPage>(`${U}/listNft`, { query: q, signal, scope: { book: 'real' } }),
  /** `clientKey`: a retry with the same key answers the first result */
  order: (nftId: string, v: NftOrderValues, clientKey: string, signal?: AbortSignal) =>
    call<Nft>(`${U}/buyNft`, { method: 'POST', body: { id: nftId, kind: v.kind, amount: v.amount, clientKey }, signal }),
};

/** The operator's NFT calls (audited on the service). */
export const nftAdminApi = {
  list: (b: ListNewNftBody, signal?: AbortSignal) => call<Nft>('/admin-api/nfts', { method: 'POST', body: { ...b }, signal }),
  payout: (b: CharityPayoutBody, signal?: AbortSignal) =>
    call<Donations>('/admin-api/charity/payouts', { method: 'POST', body: { ...b }, signal }),
};
