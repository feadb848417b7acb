import { Err } from '../../contract/errors.ts';
import { MIN_DEPOSIT, UPLOAD_MAX_BYTES_DEFAULT, type Asset } from '../../contract/constants.ts';
import { RechargeFields, type Deposit, type Network } from '../../contract/wallet.ts';
import { isBelow, parseAmount } from '../../contract/money.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * The deposit (recharge) form: the claim of a transfer the user made to the receive address,
 * with the chain transaction, the proof's last six digits and the proof image. Its guard checks
 * the amount (precision, minimum), the fields against the contract's RechargeFields schema and
 * the image's presence and size; success is 20002 (the claim waits for review). The image's
 * bytes are checked by the submit actor before the upload (that needs to read the file).
 */

/** What the machine needs of the proof image; a browser File has these fields. */
export interface ProofFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}
export interface DepositValues {
  coin: Asset;
  network: Network;
  amount: string;
  txHash: string;
  proofLast6: string;
  proof: ProofFile | null;
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${+(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(n / 1024)} kB`);

/** The refusal of a deposit claim that cannot be sent (the catalogue code the service would give), or null. */
export function depositRefusal(v: DepositValues, maxBytes = UPLOAD_MAX_BYTES_DEFAULT): Refusal | null {
  const amount = parseAmount(v.coin, v.amount);
  if (!amount) return refused(Err.AMOUNT_INVALID);
  if (isBelow(amount, MIN_DEPOSIT[v.coin]))
    return refused(Err.DEPOSIT_BELOW_MINIMUM, { name: v.coin, limit: MIN_DEPOSIT[v.coin] });
  const fields = { amount, coin: v.coin, network: v.network, txHash: v.txHash.trim(), proofLast6: v.proofLast6.trim() };
  const malformed = schemaRefusal(RechargeFields, fields);
  if (malformed) return malformed;
  if (!v.proof) return refused(Err.UPLOAD_REQUIRED);
  if (v.proof.size > maxBytes) return refused(Err.IMAGE_TOO_LARGE, { limit: formatBytes(maxBytes) });
  return null;
}

export const depositFormMachine = submissionMachine<'depositForm', DepositValues, Deposit>({
  id: 'depositForm',
  check: (v) => depositRefusal(v),
  again: true,
});
