import type { Deposit, Withdrawal, WithdrawalMethods } from '../../../src/contract/wallet.ts';
import { Err } from '../../../src/contract/errors.ts';
import { depositFormMachine, type DepositValues } from '../../../src/machines/wallet/depositForm.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { withdrawalFormMachine, type WithdrawalDraft } from '../../../src/machines/wallet/withdrawalForm.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * The wallet forms (depositForm, withdrawalForm), both the shared submission chart: generated
 * paths over submit (accepted and refused values), edit and reset, with the submit actor's
 * success or refusal delivered as fixtures.
 */
export const depositValues: DepositValues = {
  coin: 'USDT',
  network: 'TRC20',
  amount: '150',
  txHash: 'ab'.repeat(32),
  proofLast6: '123456',
  proof: { name: 'p.png', type: 'image/png', size: 68 },
};
const deposit = { id: '1', coin: 'USDT', network: 'TRC20', amount: '150.000000', status: 'pending' } as Deposit;

export const offer: WithdrawalMethods['methods'][number] = {
  method: 'USDT-TRC20',
  coin: 'USDT',
  network: 'TRC20',
  minAmount: '10.000000',
  available: '150.000000',
};
export const withdrawalValues: WithdrawalDraft = {
  method: 'USDT-TRC20',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  amount: '100',
  offer,
};
const withdrawal = {
  id: '2',
  coin: 'USDT',
  amount: '100.000000',
  fee: '1.000000',
  receiveAmount: '99.000000',
  status: 'pending',
} as Withdrawal;

export const model = defineModel(
  submissionCase({
    id: 'depositForm',
    machine: depositFormMachine,
    good: depositValues,
    refused: {
      values: { ...depositValues, amount: '119.99' },
      refusal: refused(Err.DEPOSIT_BELOW_MINIMUM, { name: 'USDT', limit: '120' }),
    },
    output: deposit,
    serviceError: { code: Err.TX_HASH_USED, message: 'This transaction hash has already been used' },
    again: true,
  }),
  submissionCase({
    id: 'withdrawalForm',
    machine: withdrawalFormMachine,
    good: withdrawalValues,
    refused: { values: { ...withdrawalValues, amount: '150.000001' }, refusal: refused(Err.INSUFFICIENT_BALANCE) },
    output: withdrawal,
    serviceError: { code: Err.ADDRESS_INVALID, message: 'The address is not valid for this network' },
    again: true,
    keyed: true,
  }),
);
