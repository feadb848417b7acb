import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { nftOrderMachine } from '../../machines/nftOrder.ts';
import { i18n } from '../../i18n/index.ts';
import { nftApi, type Nft } from '../nftApi.ts';
import { toast } from '../toast.ts';

/**
 * Buying or bidding on an NFT with its effects: buyNft with the flow's client key (kept through
 * "try again"), a toast, then the screen's callback asks again for what changed.
 */
export const nftOrderFlow = (onOrdered: (nft: Nft) => void) =>
  nftOrderMachine.provide({
    actors: {
      send: fromPromise(({ input, signal }) => nftApi.order(input.id, input.values, input.clientKey, signal)),
    },
    actions: {
      ordered: (_, { nft }) => {
        // an auction's answer is a bid placed, not a purchase (20004's text says "Purchase successful")
        toast(nft.saleType === 'buy_now' ? i18n.t(`errors:${Ok.PURCHASE_SUCCESSFUL}`) : i18n.t('app:nfts.bidPlaced'), 'success');
        onOrdered(nft);
      },
    },
  });
