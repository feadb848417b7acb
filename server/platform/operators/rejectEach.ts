/**
 * Several items of a review queue rejected with one reason (issue 42; POST /admin-api/<queue>/reject):
 * each through its domain's own reject, in its own transaction as if rejected alone, so one refused
 * (decided meanwhile, 10044; not found, 10043) writes nothing for that item and stops none of the
 * others. The domains keep their doors: each passes its single reject, platform knows none of them.
 */
import { BulkRejectBody, BulkRejectResult } from '../../../src/contract/reviewQueues.ts';
import { BizError } from '../http/errors.ts';
import { operatorRoutes } from '../http/operatorRoutes.ts';
import type { RouteApp, RouteDoc } from '../http/routeSchema.ts';
import { requestId } from '../http/validation.ts';

/** Each id rejected on its own, in order: 200 or the catalogue code of its refusal; anything else is a fault. */
export async function rejectEach(ids: readonly bigint[], reject: (id: bigint) => Promise<unknown>): Promise<BulkRejectResult> {
  const rows: BulkRejectResult['rows'] = [];
  for (const id of ids) {
    try {
      await reject(id);
      rows.push({ id: id.toString(), code: 200 });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      rows.push({ id: id.toString(), code: e.code });
    }
  }
  return { rows };
}

/** A queue's bulk rejection route: the shared body and answer, the domain's documentation and its single reject. */
export function bulkRejectRoute(
  app: RouteApp,
  path: string,
  doc: RouteDoc,
  reject: (operatorId: bigint, id: bigint, reason: string) => Promise<unknown>,
) {
  operatorRoutes(app).post(path, { ...doc, body: BulkRejectBody, result: BulkRejectResult }, (r) =>
    rejectEach(r.body.ids.map(requestId), (id) => reject(r.by, id, r.body.reason)),
  );
}
