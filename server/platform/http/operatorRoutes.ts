import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Envelope } from '../../../src/contract/envelope.ts';
import { operatorRoute, type RouteApp, type RouteDoc } from './routeSchema.ts';
import { requestId } from './validation.ts';

/** One operator route's contract: what it takes, what it answers, and how the API describes it (RouteDoc). */
interface OperatorSpec extends RouteDoc {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  result: TSchema;
}

type Parsed<S, K extends keyof OperatorSpec> = S extends { [k in K]: infer T extends TSchema } ? Static<T> : undefined;

/** What an operator route's handler is given: the operator, the record's id (routes with `:id`), the query and the body. */
export interface OperatorCall<S extends OperatorSpec> {
  operator: NonNullable<FastifyRequest['user']>;
  /** the operator's id, the actor of every audited decision */
  by: bigint;
  /** `:id` as a bigint (10030 out of range); 0n on routes without one */
  id: bigint;
  query: Parsed<S, 'querystring'>;
  body: Parsed<S, 'body'>;
}

type Handler<S extends OperatorSpec> = (call: OperatorCall<S>) => Promise<Static<S['result']>>;

/**
 * The operator consoles' routes, one call each: the schema from the spec (under "admin", with the
 * bearer token, the answer in the envelope) and a handler that receives the parsed request and
 * returns the answer. Routes that answer something other than an envelope (a file) are written out.
 */
export function operatorRoutes(app: RouteApp) {
  // the schema is built here, so the handler's request cannot be typed from it: the spec's types are
  const plain = app as unknown as FastifyInstance;
  const register =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    <S extends OperatorSpec>(path: string, spec: S, handle: Handler<S>) => {
      const { result, ...schema } = spec;
      const options: RouteOptions = {
        method,
        url: path,
        ...operatorRoute({ ...schema, response: { 200: Envelope(result) } }),
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          const operator = req.user!;
          const { id } = req.params as { id?: string };
          const call = { operator, by: operator.id, id: id === undefined ? 0n : requestId(id), query: req.query, body: req.body };
          return reply.ok(await handle(call as OperatorCall<S>));
        },
      };
      plain.route(options);
    };
  return { get: register('GET'), post: register('POST'), put: register('PUT'), delete: register('DELETE') };
}
