import { Type, type Static } from 'typebox';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { IdString, IsoTime } from './envelope.ts';

/**
 * Passkeys (WebAuthn) on the wire (docs/security.md, "Passkeys"). The options the service hands
 * out are SimpleWebAuthn's JSON as it makes them; the browser answers with the credential's JSON
 * (`startRegistration` / `startAuthentication`), checked here field by field so that a malformed
 * answer is 10030 before any verification.
 */

/** The most passkeys one account keeps (10233). */
export const PASSKEYS_MAX = 10;

const B64URL = Type.String({ pattern: '^[A-Za-z0-9_-]*={0,2}$', maxLength: 16_384 });
/** What the client's extensions say: small free-form objects, as the browser returns them. */
const Extensions = Type.Object({}, { additionalProperties: true, maxProperties: 16 });
const Transports = Type.Array(Type.String({ maxLength: 20 }), { maxItems: 8 });
const Attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]));

const RegistrationResponse = Type.Unsafe<RegistrationResponseJSON>(
  Type.Object(
    {
      id: B64URL,
      rawId: B64URL,
      response: Type.Object(
        {
          clientDataJSON: B64URL,
          attestationObject: B64URL,
          authenticatorData: Type.Optional(B64URL),
          transports: Type.Optional(Transports),
          publicKeyAlgorithm: Type.Optional(Type.Integer()),
          publicKey: Type.Optional(B64URL),
        },
        { additionalProperties: false },
      ),
      authenticatorAttachment: Attachment,
      clientExtensionResults: Extensions,
      type: Type.Literal('public-key'),
    },
    { additionalProperties: false },
  ),
);

/** An authenticator's answer to a sign-in or step-up challenge. */
export const PasskeyAnswer = Type.Unsafe<AuthenticationResponseJSON>(
  Type.Object(
    {
      id: B64URL,
      rawId: B64URL,
      response: Type.Object(
        {
          clientDataJSON: B64URL,
          authenticatorData: B64URL,
          signature: B64URL,
          userHandle: Type.Optional(B64URL),
        },
        { additionalProperties: false },
      ),
      authenticatorAttachment: Attachment,
      clientExtensionResults: Extensions,
      type: Type.Literal('public-key'),
    },
    { additionalProperties: false },
  ),
);

/** The options for `startRegistration` / `startAuthentication`, as the service made them. */
export const PasskeyRegistrationOptions = Type.Unsafe<PublicKeyCredentialCreationOptionsJSON>(
  Type.Object({}, { additionalProperties: true }),
);
export const PasskeySignInOptions = Type.Unsafe<PublicKeyCredentialRequestOptionsJSON>(
  Type.Object({}, { additionalProperties: true }),
);

/** POST /swx/customer/user/passkeys/register: the authenticator's answer and a name the user reads in the list. */
export const PasskeyRegisterBody = Type.Object(
  {
    response: RegistrationResponse,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type PasskeyRegisterBody = Static<typeof PasskeyRegisterBody>;

/** POST /swx/customer/login/loginByPasskey. */
export const PasskeySignInBody = Type.Object(
  {
    response: PasskeyAnswer,
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;

export const Passkey = Type.Object({
  id: IdString,
  name: Type.String(),
  /** 'multiDevice': synced (a password manager, a phone's keychain); 'singleDevice': bound to one authenticator */
  deviceType: Type.Union([Type.Literal('singleDevice'), Type.Literal('multiDevice')]),
  backedUp: Type.Boolean(),
  createdAt: IsoTime,
  lastUsedAt: Type.Union([IsoTime, Type.Null()]),
});
export type Passkey = Static<typeof Passkey>;
export const PasskeyList = Type.Object({ rows: Type.Array(Passkey) });
export type PasskeyList = Static<typeof PasskeyList>;
export const PasskeyIdParams = Type.Object({ id: IdString }, { additionalProperties: false });
export const RemovedPasskey = Type.Object({ id: IdString, removed: Type.Boolean() });
export type RemovedPasskey = Static<typeof RemovedPasskey>;
