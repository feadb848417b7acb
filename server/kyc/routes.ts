/**
 * Identity verification on the wire: POST/GET /swx/customer/user/identification and the images
 * at /swx/customer/user/identification/:id/:kind (owner or operator). Handlers parse and call
 * `app.kyc`; see docs/kyc.md. Either book may submit: verification is about the person.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { KycImageParams, KycSubmission, KycSubmitFields, MyKyc } from '../../src/contract/kyc.ts';
import { KYC_IMAGE_KINDS } from '../../src/contract/kycRules.ts';
import { BinaryFile } from '../platform/http/files.ts';
import { requestId } from '../platform/http/validation.ts';
import { imageFormReader } from '../platform/uploads/form.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { acceptMultipart } from '../platform/http/external.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';

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
        consumes: ['multipart/form-data'],
        operationId: 'identification',
        description:
          'Submits identity verification (multipart form: firstName, lastName, birthDate, country, document type and number, and the document images), reviewed by an operator within 48 hours. Success answers 20001.',
        refusals: [
          Err.KYC_PENDING,
          Err.KYC_ALREADY_VERIFIED,
          Err.KYC_RESUBMIT_LIMIT,
          Err.KYC_UNDERAGE,
          Err.KYC_BIRTH_DATE_INVALID,
          Err.KYC_COUNTRY_UNKNOWN,
          Err.KYC_BACK_NOT_FOR_PASSPORT,
          Err.UPLOAD_REQUIRED,
          Err.IMAGE_FORMAT_WRONG,
          Err.IMAGE_TOO_LARGE,
          Err.IMAGE_DIMENSIONS_TOO_LARGE,
        ],
        summary:
          'Submit identity verification: fields firstName, lastName, birthDate, sex, country, address, phone, documentType, and update=true when a verified person sends changed data back to review; files front, back (not for a passport), handheld, signature (JPEG/PNG/JPEG 2000). Success 20001.',
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
      ...route.signedIn({
        operationId: 'getIdentification',
        description:
          "The caller's verification: its status, the rejection reason, the resubmissions left and the latest submission.",
        refusals: [],
        summary: 'My verification: status, rejection reason, resubmissions left and the latest submission',
        response: { 200: Envelope(MyKyc) },
      }),
    },
    async (req, reply) => reply.ok(await app.kyc.mine(userId(req))),
  );

  app.get(
    `${P}/:id/:kind`,
    {
      ...auth,
      ...route.signedIn({
        params: KycImageParams,
        operationId: 'getIdentificationImage',
        description:
          "One image of a verification submission, decrypted, as a download; only its owner or an operator (whose reading is recorded in the owner's document access list).",
        refusals: [Err.RECORD_NOT_FOUND],
        summary: 'One image of a submission, decrypted: its owner or an operator only',
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
