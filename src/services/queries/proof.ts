import { useQuery } from '@tanstack/react-query';
import { proofApi } from '../proofApi.ts';

/**
 * The public proof of liabilities: the same for everyone, in any language and book, so its key
 * carries neither. A snapshot is taken once a day: a minute's staleness is nothing.
 */
export const proofKeys = {
  all: ['proof'] as const,
  summary: () => ['proof', 'summary'] as const,
};

export function useProofSummary() {
  return useQuery({ queryKey: proofKeys.summary(), queryFn: ({ signal }) => proofApi.summary(signal), staleTime: 60_000 });
}
