import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Err, Ok, httpStatusFor } from '../../../src/contract/errors.ts';
import { languageOf, message } from './messages.ts';
import type { Language } from '../../../src/contract/constants.ts';

/**
 * A refusal with a catalogue code: the one way any code refuses (`throw new BizError(Err.X,
 * params)`). The error handler below turns it into the envelope in the request's language.
 */
export class BizError extends Error {
  constructor(
    public readonly code: number,
    public readonly params: Record<string, unknown> = {},
  ) {
    super(`biz ${code}`);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyReply {
    /** Success envelope. `code` may be a 2000x success notice. */
    ok<T>(result: T, code?: number): { code: number; msg: string; result: T };
  }
}

/**
 * Fastify option `frameworkErrors`: bad URLs and over-long path parameters are refused before
 * routing, before any hook ran; they keep the envelope too.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, req, reply) => {
  const lang = languageOf(req.headers);
  void (reply as FastifyReply)
    .status(400)
    .send({ code: Err.MALFORMED_REQUEST, msg: message(lang, Err.MALFORMED_REQUEST, { detail: error.message }), result: null });
};

function describeValidation(error: FastifyError): string {
  const v = error.validation?.[0];
  if (!v) return error.message;
  const where = `${error.validationContext ?? 'request'}${v.instancePath ? v.instancePath.replace(/\//g, '.') : ''}`;
  if (v.keyword === 'additionalProperties')
    return `${where}: unknown field "${(v.params as { additionalProperty?: string }).additionalProperty}"`;
  if (v.keyword === 'required') return `${where}: missing field "${(v.params as { missingProperty?: string }).missingProperty}"`;
  return `${where} ${v.message ?? 'is invalid'}`;
}

/**
 * Plugin 'errors': the envelope of every reply. Sets `req.lang` (from the `lang` header, then
 * Accept-Language), adds `reply.ok(result, code?)` and maps every thrown error to
 * `{ code, msg, result: null }`: BizError to its code, validation to 10030, rate limits to 10031,
 * anything unexpected to 10050 (logged).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'en');
    // callback style: an async hook costs every request a promise and a microtask turn
    app.addHook('onRequest', (req, _reply, done) => {
      req.lang = languageOf(req.headers);
      done();
    });
    app.decorateReply('ok', function ok<T>(this: FastifyReply, result: T, code: number = Ok.SUCCESS) {
      return { code, msg: message(this.request.lang, code), result };
    });

    app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const send = (code: number, params: Record<string, unknown> = {}, status = httpStatusFor(code)) =>
        reply.status(status).send({ code, msg: message(req.lang, code, params), result: null });
      if (error instanceof BizError) return send(error.code, error.params);
      if (error.validation) return send(Err.MALFORMED_REQUEST, { detail: describeValidation(error) });
      if (error.statusCode === 429) return send(Err.TOO_MANY_REQUESTS);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // body too large, bad JSON, unsupported media type...: the client's fault, say what it was
        return send(Err.MALFORMED_REQUEST, { detail: error.message }, 400);
      }
      req.log.error({ err: error }, 'unhandled error');
      return send(Err.INTERNAL);
    });
  },
  { name: 'errors' },
);
