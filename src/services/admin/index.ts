/**
 * The admin domain's door in src/services: the only module of src/services/admin another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export {
  useAddAddress,
  useAdminAddresses,
  useAdminDeposits,
  useAdminWithdrawals,
  useAddRejectReason,
  useDeleteAddress,
  useReasonList,
  useRejectReasons,
  useRemoveRejectReason,
  useUpdateAddress,
  type AdminDeposit,
  type AdminDepositAddress,
  type AdminWithdrawal,
} from './queries.ts';
export { BULK_QUEUES, reviewQueueFlow } from './reviewQueueFlow.ts';
