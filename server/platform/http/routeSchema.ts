import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { docSchema, type RouteDoc } from './openApi.ts';

export type { RouteDoc } from './openApi.ts';

/** A route's schema with its contract: the RouteDoc's keys in the form the document reads. */
type Documented<S extends RouteDoc> = Omit<S, keyof RouteDoc> & ReturnType<typeof docSchema>;

const documented = <S extends RouteDoc>(schema: S): Documented<S> => {
  const { operationId, summary, description, refusals, moves, examples, ...rest } = schema;
  return { ...rest, ...docSchema({ operationId, summary, description, refusals, moves, examples }) };
};

/**
 * The OpenAPI marks a domain's routes share, written once: the tag they are listed under and, for a
 * route that needs a signed-in user or operator, the bearer token (docs/architecture.md, the API).
 * `signedIn({ body, response, operationId, summary, description, refusals })` is the `{ schema }` of
 * one route, typed as written, so the TypeBox provider still types the handler's request from it;
 * the RouteDoc fields are required, so a route cannot join the contract undescribed (docs/api.md,
 * "Adding a route").
 */
export function routeSchemas(tag: string) {
  const tags = [tag];
  const security = [{ token: [] }];
  return {
    signedIn: <S extends RouteDoc>(schema: S) => ({ schema: { tags, security, ...documented(schema) } }),
    open: <S extends RouteDoc>(schema: S) => ({ schema: { tags, ...documented(schema) } }),
  };
}

/** Every operator route: listed under "admin", with the operator's bearer token. */
export const operatorRoute = routeSchemas('admin').signedIn;

/** The app as a route plugin sees it (typed by TypeBox), for the functions that register one part of a plugin's routes. */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];
