/**
 * An operator resolving a chain incident (docs/wallet.md, "Incidents"): a note saying what was done
 * off the platform, checked against the contract before it is sent. Resolving moves no money, so
 * it has no confirming step; it is sent once (the service refuses a second time, 10318).
 */
import { Check } from 'typebox/value';
import { ChainIncidentResolveBody, type ChainIncident } from '../../contract/chain.ts';
import type { Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

export interface IncidentResolveValues {
  id: string;
  note: string;
}

export const resolveBody = (v: IncidentResolveValues) => ({ note: v.note.trim() });

export const incidentNoteRefusal = (v: IncidentResolveValues): Refusal | null =>
  Check(ChainIncidentResolveBody, resolveBody(v)) ? null : { code: null, key: 'app:chain.console.noteRequired' };

export const incidentResolveMachine = submissionMachine<'incidentResolve', IncidentResolveValues, ChainIncident>({
  id: 'incidentResolve',
  check: incidentNoteRefusal,
});
