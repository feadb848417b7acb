import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CharityPayoutBody, ListNewNftBody, NftSaleType, NftStatus } from '../../contract/nfts.ts';
import { nftAdminApi, nftApi } from '../nftApi.ts';
import { keepPreviousWithin } from './scope.ts';
import { nftKeys } from './keys.ts';

/**
 * Charity NFT reads. Nothing here depends on the book or the language (names are the creators',
 * amounts are USDT), so the keys carry neither. `nft.*` user events invalidate the NFT root
 * (invalidation.ts): an outbid, a win or a purchase shows without polling; the detail screen
 * also asks again when its countdown reaches the end, when the scheduler settles.
 */
export { nftKeys } from './keys.ts';

export function useNftList(filter: { status?: NftStatus; saleType?: NftSaleType }, page: number, pageSize: number) {
  const queryKey = nftKeys.list(filter, page);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => nftApi.list({ pageNum: page, pageSize, ...filter }, signal),
    placeholderData: keepPreviousWithin(queryKey, 3),
  });
}

export function useNft(id: string) {
  return useQuery({ queryKey: nftKeys.detail(id), queryFn: ({ signal }) => nftApi.detail(id, signal) });
}

export function useMyNfts(enabled: boolean) {
  return useQuery({ queryKey: nftKeys.mine(), queryFn: ({ signal }) => nftApi.mine({ pageNum: 1, pageSize: 100 }, signal), enabled });
}

export function useDonations() {
  return useQuery({ queryKey: nftKeys.donations(), queryFn: ({ signal }) => nftApi.donations(signal) });
}

/** An operator's change: the public NFT answers are asked again. */
function useNftAdminMutation<V, R>(run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: nftKeys.all }),
    // refusals are shown beside the form that made them
    meta: { showsError: true },
  });
}

export const useListNewNft = () => useNftAdminMutation((b: ListNewNftBody) => nftAdminApi.list(b));
export const useCharityPayout = () => useNftAdminMutation((b: CharityPayoutBody) => nftAdminApi.payout(b));
