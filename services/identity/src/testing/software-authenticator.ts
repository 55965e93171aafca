import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the site gave at registration, base64url. */
  userHandle: string;
  counter: number;
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
type Cbor = Parameters<typeof isoCBOR.encode>[0];
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED = 0x40;

/**
 * A passkey authenticator in the test process, as a browser and device would answer @simplewebauthn's options:
 * ES256 keys, 'none' attestation, a counter that grows with each signature, user verification unless told not to.
 * For tests through gRPC; browser tests use Chromium's virtual authenticator.
 */
export class SoftwareAuthenticator {
  private readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId: string = new URL(origin).hostname,
  ) {}

  /** The browser's answer to registration options (JSON), as @simplewebauthn/browser's startRegistration gives it. */
  register(optionsJson: string): string {
    const options = JSON.parse(optionsJson) as { challenge: string; user: { id: string } };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = { id: randomBytes(16), privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const coseKey: Cbor = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([USER_PRESENT | USER_VERIFIED | ATTESTED]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      credential.id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientData = {
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    };
    return JSON.stringify({
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /**
   * The answer to sign-in options (JSON): signed by the credential they allow, or, when they allow any, by the last
   * one registered (a discoverable passkey). `verified: false` answers as a device that did not check its holder.
   */
  signIn(optionsJson: string, options: { verified?: boolean; origin?: string } = {}): string {
    const request = JSON.parse(optionsJson) as { challenge: string; allowCredentials?: { id: string }[] };
    const allowed = request.allowCredentials?.map((credential) => credential.id);
    const credential = [...this.credentials]
      .reverse()
      .find((held) => !allowed?.length || allowed.includes(b64(held.id)));
    if (!credential) throw new Error('the authenticator holds none of the allowed credentials');
    credential.counter += 1;
    const flags = USER_PRESENT | (options.verified === false ? 0 : USER_VERIFIED);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counterBytes(credential.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: request.challenge, origin: options.origin ?? this.origin }),
    );
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(credential.privateKey);
    return JSON.stringify({
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
