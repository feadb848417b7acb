import type {
  AdminChainNetworkList,
  ChainAddressList,
  ChainDepositPage,
  ChainIncident,
  ChainIncidentPage,
  ChainIncidentResolveBody,
  AdminChainSweepPage,
  AdminChainSweepQuery,
} from '../../contract/chain.ts';
import { call } from '../platform/api.ts';

const U = '/swx/customer/user';
const A = '/admin-api/chain';
type PageQ = { pageNum?: number; pageSize?: number };
/** deposits are the real book's (10033 under the demo header): the chain's reads always ask for it */
const scope = { book: 'real' } as const;

/** Deposits from the chain (docs/wallet.md, "Deposits from the chain"): the customer's and the operators'. */
export const chainApi = {
  addresses: (signal?: AbortSignal) => call<ChainAddressList>(`${U}/chainAddresses`, { signal, scope }),
  deposits: (q: PageQ, signal?: AbortSignal) => call<ChainDepositPage>(`${U}/chainDeposits`, { query: q, signal, scope }),
};

export const chainAdminApi = {
  networks: (signal?: AbortSignal) => call<AdminChainNetworkList>(`${A}/networks`, { signal }),
  incidents: (q: PageQ, signal?: AbortSignal) => call<ChainIncidentPage>(`${A}/incidents`, { query: q, signal }),
  sweeps: (q: AdminChainSweepQuery, signal?: AbortSignal) => call<AdminChainSweepPage>(`${A}/sweeps`, { query: q, signal }),
  resolve: (id: string, body: ChainIncidentResolveBody, signal?: AbortSignal) =>
    call<ChainIncident>(`${A}/incidents/${encodeURIComponent(id)}/resolve`, { method: 'POST', body, signal }),
};
