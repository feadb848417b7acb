/**
 * The reason a ledger transfer carries (`ledger_transfers.reason`, e.g. 'deposit.approved'): a
 * closed union, so a misspelt reason does not compile. The platform cannot name the domains, so
 * the union is built by declaration merging: each domain declares its reasons once, as a const
 * list in its manifest (`ledgerReasons`), and adds that list's type to this interface under its
 * own name (`declare module '../platform/ledger/reasons.ts'`). A domain's one list is both its
 * runtime declaration (tests/unit/platform/ledgerReasons.test.ts compares it with the code and the
 * statement's texts) and its part of the type: the two cannot drift apart.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains (declaration merging)
export interface LedgerReasons {}

/** Every reason a transfer may carry: the union of what each domain declares. */
export type LedgerReason = LedgerReasons[keyof LedgerReasons];
