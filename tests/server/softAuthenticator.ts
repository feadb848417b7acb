/**
 * A software authenticator for server tests of passkeys: an ES256 key pair and a credential id,
 * answering registration options with a "none" attestation and sign-in options with an assertion
 * signed over authenticatorData ‖ SHA-256(clientDataJSON), as a platform authenticator with user
 * verification would. The browser test uses Chromium's own virtual authenticator instead.
 */
import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Uint8Array) => isoBase64URL.fromBuffer(b as Uint8Array<ArrayBuffer>);
const sha256 = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

interface Options {
  challenge: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  /** the signature counter the next assertion reports (then it grows by one) */
  counter = 0;
  /** the user handle the registration options gave (the authenticator keeps it with the credential) */
  userHandle?: string;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  /** Answers generateRegistrationOptions' JSON. */
  register(options: Options) {
    this.userHandle = options.user?.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.credentialId, Buffer.from(cose)]);
    // user present, user verified, attested credential data
    const authData = this.authData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers generateAuthenticationOptions' JSON; `counter` overrides the counter reported. */
  authenticate(options: Options, over: { counter?: number; origin?: string } = {}) {
    if (over.counter !== undefined) this.counter = over.counter;
    else this.counter += 1;
    const authData = this.authData(0x05);
    const client = over.origin
      ? Buffer.from(
          JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: over.origin, crossOrigin: false }),
        )
      : this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(client)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(client),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
