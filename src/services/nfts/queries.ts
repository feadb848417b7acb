import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CharityPayoutBody, ListNewNftBody, NftSaleType, NftStatus } from '../../contract/nfts.ts';
import { nftAdminApi, nftApi } from './api.ts';
import { useClientKey } from '../platform/queries/keyed.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';
import { nftKeys as eventKeys } from '../platform/queries/keys.ts';

/**
 * Charity NFT reads. Nothing here depends on the book or the language (names are the creators',
 * amounts are USDT), so the keys carry neither. `nft.*` user events invalidate the NFT root
 * (invalidation.ts): an outbid, a win or a purchase shows without polling; the detail screen
 * also asks again when its countdown reaches the end, when the scheduler settles.
 */
const nfts = eventKeys.all;
export const nftKeys = {
  ...eventKeys,
  list: (filter: { status?: NftStatus; saleType?: NftSaleType }, page: number) => [...nfts, 'list', filter, page] as const,
  detail: (id: string) => [...nfts, 'detail', id] as const,
  mine: () => [...nfts, 'mine'] as const,
  donations: () => [...nfts, 'donations'] as const,
};

export const nftQueries = {
  list: (filter: { status?: NftStatus; saleType?: NftSaleType }, page: number, pageSize: number) => {
    const queryKey = nftKeys.list(filter, page);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => nftApi.list({ pageNum: page, pageSize, ...filter }, signal),
      placeholderData: keepPreviousWithin(queryKey, 3),
    });
  },
  detail: (id: string) => queryOptions({ queryKey: nftKeys.detail(id), queryFn: ({ signal }) => nftApi.detail(id, signal) }),
  mine: () =>
    queryOptions({ queryKey: nftKeys.mine(), queryFn: ({ signal }) => nftApi.mine({ pageNum: 1, pageSize: 100 }, signal) }),
  donations: () => queryOptions({ queryKey: nftKeys.donations(), queryFn: ({ signal }) => nftApi.donations(signal) }),
};

export const useNftList = (filter: { status?: NftStatus; saleType?: NftSaleType }, page: number, pageSize: number) =>
  useQuery(nftQueries.list(filter, page, pageSize));
export const useNft = (id: string) => useQuery(nftQueries.detail(id));
export const useMyNfts = (enabled: boolean) => useQuery({ ...nftQueries.mine(), enabled });
export const useDonations = () => useQuery(nftQueries.donations());

/**
 * An operator's change, with its client key (keyed.ts: the same form sent again after a failure
 * lists or pays once; `same` is what makes it the same form): the public NFT answers are asked again.
 */
function useNftAdminMutation<V, R>(run: (v: V, clientKey: string) => Promise<R>, same: (v: V) => unknown = (v) => v) {
  const client = useQueryClient();
  const key = useClientKey();
  return useMutation({
    mutationFn: (v: V) => run(v, key.keyFor(same(v))),
    onSuccess: () => {
      key.used();
      return client.invalidateQueries({ queryKey: nftKeys.all });
    },
    // refusals are shown beside the form that made them
    meta: { showsError: true },
  });
}

// an auction's end is computed when the form is sent: a retry of the same listing is the same form
export const useListNewNft = () =>
  useNftAdminMutation(
    (b: Omit<ListNewNftBody, 'clientKey'>, clientKey) => nftAdminApi.list({ ...b, clientKey }),
    (b) => ({ ...b, endTime: null }),
  );
export const useCharityPayout = () =>
  useNftAdminMutation((b: Omit<CharityPayoutBody, 'clientKey'>, clientKey) => nftAdminApi.payout({ ...b, clientKey }));
