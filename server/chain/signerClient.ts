/**
 * The web service's side of the separate signer (server/signer/http.ts): its address, and a
 * signature for one approved withdrawal. A refusal is an error the sender's run shows on the jobs
 * board; the signer decides what it signs, this client only asks.
 */
import type { Hex } from './config.ts';

export interface SignAsk {
  withdrawalId: bigint;
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  gas?: bigint;
}

export class SignerRefused extends Error {}

export class SignerClient {
  private address?: Hex;

  constructor(private readonly cfg: { url: string; token: string }) {}

  private async call<T>(path: string, body?: object): Promise<T> {
    const res = await fetch(`${this.cfg.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${this.cfg.token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as T & { refused?: string };
    if (!res.ok) throw new SignerRefused(`signer refused ${path}: ${json.refused ?? res.status}`);
    return json;
  }

  /** The hot wallet the signer holds (asked once). */
  async from(): Promise<Hex> {
    this.address ??= (await this.call<{ address: Hex }>('/address')).address;
    return this.address;
  }

  /** The gas of a token sweep (hot wallet → the sweep's address), or the sweep itself (its address → the hot wallet). */
  sweepAct(act: 'fuel' | 'sweep', a: { sweepId: bigint; nonce: number; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }) {
    return this.call<{ from: Hex; txHash: Hex; raw: Hex }>(`/${act}`, {
      sweepId: a.sweepId.toString(),
      nonce: a.nonce,
      maxFeePerGas: a.maxFeePerGas.toString(),
      maxPriorityFeePerGas: a.maxPriorityFeePerGas.toString(),
    });
  }

  sign(a: SignAsk): Promise<{ from: Hex; txHash: Hex; raw: Hex }> {
    return this.call('/sign', {
      withdrawalId: a.withdrawalId.toString(),
      nonce: a.nonce,
      maxFeePerGas: a.maxFeePerGas.toString(),
      maxPriorityFeePerGas: a.maxPriorityFeePerGas.toString(),
      ...(a.gas ? { gas: a.gas.toString() } : {}),
    });
  }
}
