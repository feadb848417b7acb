import type {
  AdminReserve,
  AdminSmartProducts,
  BuySmartBody,
  FundReserveBody,
  ListSmartOrderQuery,
  SmartExitQuote,
  SmartPlan,
  SmartPlanPage,
  SmartProduct,
  SmartProductList,
  SmartUser,
  UpdateSmartProductBody,
} from '../../src/contract/smart.ts';
import { runDuePayouts } from './payouts.ts';
import { buyPlan, exitPlan, exitQuote, listPlans } from './plans.ts';
import { allProducts, productView, seedProducts, updateProduct } from './products.ts';
import { confirmMovement, proposeMovement, rejectMovement } from './capital.ts';
import { adminReserve, reserveBalance, reserveSummary } from './reserve.ts';
import { findUsers, setSmartEnabled } from './users.ts';
import type { SmartDeps } from './deps.ts';

export type { SmartDeps } from './deps.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** How often the leader looks for payouts that have fallen due (default 15 s). */
    smartTickMs?: number;
  }
}

/**
 * Smart plans (`app.smart`, docs/smart-plans.md): products, the yield reserve, plans, daily
 * payouts. Money moves only through the ledger; plan statuses only along src/machines/smartPlan.ts.
 */
export class SmartService {
  /** Whether this instance runs the payout scheduler now (the leader; server/smart/engine.ts). */
  schedulerRunning = false;

  constructor(private readonly deps: SmartDeps) {}

  now(): number {
    return this.deps.now();
  }

  seed(): Promise<void> {
    return seedProducts(this.deps.db);
  }

  // ---------------------------------------------------------------- public
  /** The products on sale with what the reserve can back of each term, and the reserve's figures. */
  async products(): Promise<SmartProductList> {
    const [rows, balance] = [await allProducts(this.deps.db, { enabledOnly: true }), await reserveBalance(this.deps.db)];
    return { products: rows.map((p) => productView(p, balance)), reserve: await reserveSummary(this.deps.db) };
  }

  // ---------------------------------------------------------------- a user's plans
  buy(userId: bigint, body: BuySmartBody): Promise<SmartPlan> {
    return buyPlan(this.deps, userId, body);
  }

  plans(userId: bigint, q: ListSmartOrderQuery): Promise<SmartPlanPage> {
    return listPlans(this.deps, userId, q);
  }

  exitQuote(userId: bigint, id: bigint): Promise<SmartExitQuote> {
    return exitQuote(this.deps, userId, id);
  }

  exit(userId: bigint, id: bigint): Promise<SmartPlan> {
    return exitPlan(this.deps, userId, id);
  }

  // ---------------------------------------------------------------- scheduler (leader)
  /** Pays every day due by `now` (the service clock unless given) and completes matured plans. */
  runDue(now = this.deps.now()): Promise<{ plans: number; payouts: number }> {
    return runDuePayouts(this.deps, now);
  }

  // ---------------------------------------------------------------- operators
  reserve(): Promise<AdminReserve> {
    return adminReserve(this.deps.db, this.deps.reserveFundingMax);
  }

  /** Proposes house capital into or out of the reserve; nothing moves until another operator confirms. */
  proposeReserve(operatorId: bigint, body: FundReserveBody): Promise<AdminReserve> {
    return proposeMovement(this.deps, operatorId, body);
  }

  confirmReserve(operatorId: bigint, id: bigint): Promise<AdminReserve> {
    return confirmMovement(this.deps, operatorId, id);
  }

  rejectReserve(operatorId: bigint, id: bigint): Promise<AdminReserve> {
    return rejectMovement(this.deps, operatorId, id);
  }

  async allProducts(): Promise<AdminSmartProducts> {
    const [rows, balance] = [await allProducts(this.deps.db), await reserveBalance(this.deps.db)];
    return { rows: rows.map((p) => productView(p, balance)) };
  }

  async updateProduct(operatorId: bigint, id: bigint, body: UpdateSmartProductBody): Promise<SmartProduct> {
    const row = await updateProduct(this.deps.db, operatorId, id, body, this.deps.operatorAmountMax);
    return productView(row, await reserveBalance(this.deps.db));
  }

  users(q: string): Promise<SmartUser[]> {
    return findUsers(this.deps.db, q);
  }

  setSmartEnabled(operatorId: bigint, userId: bigint, enabled: boolean): Promise<SmartUser> {
    return setSmartEnabled(this.deps.db, operatorId, userId, enabled);
  }
}
