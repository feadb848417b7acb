/**
 * What the chain domain and the wallet agree on about payouts: the wallet's service implements
 * PayoutBook, the chain job and the sender call it. Its own file, importing nothing of the chain,
 * so that the domain's deps and the modules that use them form no import cycle.
 */
/** A payout on the chain whose confirmations are still counted. */
export interface SentPayout {
  id: bigint;
  txHash: string;
}

/** Where a payout stands on the chain: its block (null while none holds it) and its confirmations. */
export interface PayoutProgress {
  blockNumber: number | null;
  confirmations: number;
  required: number;
  /** the transaction the node mined, when it is not the one recorded (a replacement was mined, or the first one) */
  txHash?: string;
  link?: string | null;
}

/** A withdrawal approved for the platform to pay, waiting for the sender. */
export interface QueuedPayout {
  id: bigint;
  coin: string;
  address: string;
  receiveAmount: string;
  status: 'queued' | 'waitingFunds';
}

/** What the chain domain asks of the wallet about payouts (the wallet's service implements it: server/wallet/payouts.ts). */
export interface PayoutBook {
  sentPayouts(network: string): Promise<SentPayout[]>;
  payoutProgress(id: bigint, p: PayoutProgress): Promise<void>;
  queuedPayouts(network: string): Promise<QueuedPayout[]>;
  /** the hot wallet holds less than it (waiting) or enough again */
  payoutWaiting(id: bigint, waiting: boolean): Promise<void>;
  /** the sender broadcast it: sent, with its hash (a replacement changes the hash, not the status) */
  payoutBroadcast(id: bigint, p: { txHash: string; link: string | null; required: number }): Promise<void>;
}
