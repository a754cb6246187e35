/**
 * A software passkey authenticator for the passkey tests: real attestations
 * ("none") and assertions over an ES256 key made with node:crypto, CBOR by
 * @simplewebauthn/server's own encoder — what a browser and a platform
 * authenticator would answer to the server's options.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };
type Credential = { id: Uint8Array; privateKey: KeyObject; userHandle: string; counter: number };
/** What the browser would put in clientDataJSON and the authenticator data (the tests change them to lie). */
export type Lie = { origin?: string; rpId?: string; userVerified?: boolean; counter?: number };

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export function softwareAuthenticator(origin: string) {
  const credentials: Credential[] = [];

  function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array) {
    return concat(sha256(rpId), new Uint8Array([flags]), u32(counter), attested ?? new Uint8Array());
  }
  const flagsOf = (uv: boolean, attested: boolean) => 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);
  const clientData = (type: string, challenge: string, lie: Lie) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin: lie.origin ?? origin, crossOrigin: false }));

  return {
    credentials,

    /** navigator.credentials.create: a new resident ES256 key for the options' user. */
    create(options: Options, lie: Lie = {}) {
      const rpId = lie.rpId ?? (options.rp?.id as string);
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x as string)],
          [-3, isoBase64URL.toBuffer(jwk.y as string)],
        ]) as never,
      );
      const id = new Uint8Array(randomBytes(32));
      const attested = concat(new Uint8Array(16), new Uint8Array([0, id.length]), id, cose);
      const data = authData(rpId, flagsOf(lie.userVerified ?? true, true), 0, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', data],
        ]) as never,
      );
      credentials.push({ id, privateKey, userHandle: options.user?.id as string, counter: 0 });
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, lie)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get with credential `index` (the last one made by default). */
    get(options: Options, lie: Lie = {}, index = credentials.length - 1) {
      const credential = credentials[index];
      if (!credential) throw new Error('no credential');
      credential.counter = lie.counter ?? credential.counter + 1;
      const rpId = lie.rpId ?? (options.rpId as string);
      const data = authData(rpId, flagsOf(lie.userVerified ?? true, false), credential.counter);
      const client = clientData('webauthn.get', options.challenge, lie);
      const signature = sign('sha256', concat(data, sha256(client)), credential.privateKey);
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(new Uint8Array(signature)),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;
