import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { nftOrderMachine } from '../../machines/nfts/nftOrder.ts';
import { i18n } from '../../i18n/index.ts';
import { nftApi } from './api.ts';
import { invalidateKeys } from '../platform/queries/invalidation.ts';
import { nftChanged } from './changes.ts';
import { toast } from '../platform/toast.ts';

/**
 * Buying or bidding on an NFT with its effects: buyNft with the machine's client key
 * (machines/clientKey.ts), a toast, then every NFT answer and the real book's balances and
 * statement are asked again (the live event may come later, or not at all while the socket is down).
 */
export const nftOrderFlow = (client: QueryClient) =>
  nftOrderMachine.provide({
    actors: {
      send: fromPromise(({ input, signal }) => nftApi.order(input.id, input.values, input.clientKey, signal)),
    },
    actions: {
      ordered: (_, { nft }) => {
        // an auction's answer is a bid placed, not a purchase (20004's text says "Purchase successful")
        toast(nft.saleType === 'buy_now' ? i18n.t(`errors:${Ok.PURCHASE_SUCCESSFUL}`) : i18n.t('app:nfts.bidPlaced'), 'success');
        void invalidateKeys(client, nftChanged());
      },
    },
  });
