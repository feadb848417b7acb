import type { ChainDeps, Watched } from './deps.ts';
import type { SignerClient } from './signerClient.ts';

/** What the payout sender and the sweeper share: one watched network's coins moved from the hot wallet through the signer. */
export abstract class HotWalletJob {
  constructor(
    protected readonly deps: ChainDeps,
    protected readonly w: Watched,
    protected readonly signer: SignerClient,
  ) {}

  protected get network() {
    return this.w.cfg.network;
  }
}
