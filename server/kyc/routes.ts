/**
 * Identity verification on the wire: POST/GET /swx/customer/user/identification and the images
 * at /swx/customer/user/identification/:id/:kind (owner or operator). Handlers parse and call
 * `app.kyc`; see docs/kyc.md. Either book may submit: verification is about the person.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { KycImageParams, KycSubmission, KycSubmitFields, MyKyc } from '../../src/contract/kyc.ts';
import { KYC_IMAGE_KINDS } from '../../src/contract/kycRules.ts';
import { BinaryFile } from '../platform/http/files.ts';
import { requestId } from '../platform/http/validation.ts';
import { imageFormReader } from '../platform/uploads/form.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { acceptMultipart } from '../platform/http/external.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('kyc');

const P = '/swx/customer/user/identification';
const readForm = imageFormReader(KycSubmitFields, KYC_IMAGE_KINDS);

const kycRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app); // this plugin's upload route(s)
  const userId = (req: FastifyRequest) => req.user!.id;
  const auth = { preHandler: [app.requireUser] };

  app.post(
    P,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.identification,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(KycSubmission) },
      }),
    },
    async (req, reply) => {
      const form = await readForm(req, app.config.uploadMaxBytes);
      const { update, ...fields } = form.fields;
      return reply.ok(await app.kyc.submit(userId(req), fields, form.files, update === 'true'), Ok.SUBMITTED_FOR_REVIEW);
    },
  );

  app.get(
    P,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getIdentification, response: { 200: Envelope(MyKyc) } }),
    },
    async (req, reply) => reply.ok(await app.kyc.mine(userId(req))),
  );

  app.get(
    `${P}/:id/:kind`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.getIdentificationImage,
        params: KycImageParams,
        response: {
          200: BinaryFile('The image as re-encoded on upload (JPEG or PNG), as a download', ['image/jpeg', 'image/png']),
        },
      }),
    },
    async (req, reply) => {
      const { mime, bytes, filename } = await app.kyc.image(requestId(req.params.id), req.params.kind, req.user!);
      return reply.type(mime).headers(attachmentHeaders(filename)).send(bytes);
    },
  );
};

export default fp(kycRoutes, { name: 'kyc-routes', dependencies: ['kyc', 'guard', 'errors'], encapsulate: true });
