import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/**
 * The OpenAPI marks a domain's routes share, written once: the tag they are listed under and, for a
 * route that needs a signed-in user or operator, the bearer token (docs/architecture.md, the API).
 * `signedIn({ body, response, summary })` is the `{ schema }` of one route, typed as written, so the
 * TypeBox provider still types the handler's request from it.
 */
export function routeSchemas(tag: string) {
  const tags = [tag];
  const security = [{ token: [] }];
  return {
    signedIn: <S extends object>(schema: S) => ({ schema: { tags, security, ...schema } }),
    open: <S extends object>(schema: S) => ({ schema: { tags, ...schema } }),
  };
}

/** Every operator route: listed under "admin", with the operator's bearer token. */
export const operatorRoute = routeSchemas('admin').signedIn;

/** The app as a route plugin sees it (typed by TypeBox), for the functions that register one part of a plugin's routes. */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];
