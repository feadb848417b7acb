/**
 * The admin domain's door in src/services: the only module of src/services/admin another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export {
  useAddAddress,
  useAdminAddresses,
  useAdminDeposits,
  useAdminWithdrawals,
  useDeleteAddress,
  useUpdateAddress,
  type AdminDepositAddress,
} from './queries.ts';
