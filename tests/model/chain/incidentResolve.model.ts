import type { ChainIncident } from '../../../src/contract/chain.ts';
import { Err } from '../../../src/contract/errors.ts';
import { incidentResolveMachine, type IncidentResolveValues } from '../../../src/machines/chain/incidentResolve.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * An operator resolving a chain incident: the shared submission chart with a note its guard takes
 * and a blank one it refuses before sending; sent once (a second time the service refuses, 10318).
 */
export const values: IncidentResolveValues = { id: '4', note: 'Customer contacted; the sender re-sent the funds.' };
const resolved: ChainIncident = {
  id: '4',
  network: 'ERC20',
  kind: 'credited_reorged',
  depositId: '9',
  blockNumber: 120,
  details: { txHash: '0xab', amount: '1.00000000' },
  createdAt: '2026-11-23T10:00:00.000Z',
  resolvedAt: '2026-11-23T11:00:00.000Z',
  resolvedBy: '2',
  resolutionNote: values.note,
};

const formCase = submissionCase({
  id: 'incidentResolve',
  machine: incidentResolveMachine,
  good: values,
  refused: { values: { id: '4', note: '   ' }, refusal: { code: null, key: 'app:chain.console.noteRequired' } },
  output: resolved,
  serviceError: { code: Err.CHAIN_INCIDENT_RESOLVED, message: 'Chain incident 4 was already resolved' },
});

export const model = defineModel(formCase);
