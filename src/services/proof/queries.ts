import { queryOptions, useQuery } from '@tanstack/react-query';
import { proofApi } from './api.ts';

/**
 * The public proof of liabilities: the same for everyone, in any language and book, so its key
 * carries neither. A snapshot is taken once a day: a minute's staleness is nothing.
 */
const proof = ['proof'] as const;
export const proofKeys = {
  all: proof,
  summary: () => [...proof, 'summary'] as const,
};

export const proofQueries = {
  summary: () =>
    queryOptions({ queryKey: proofKeys.summary(), queryFn: ({ signal }) => proofApi.summary(signal), staleTime: 60_000 }),
};

export const useProofSummary = () => useQuery(proofQueries.summary());
