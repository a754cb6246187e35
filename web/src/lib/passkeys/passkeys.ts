/**
 * The browser's part of passkeys (docs/decisions/0047-passkeys.md):
 * @simplewebauthn/browser, loaded only when a passkey is used, turns the
 * server's options into a WebAuthn ceremony and its answer into JSON for the
 * server. A ceremony the user cancels (or that times out, or finds no
 * passkey) throws PasskeyNotUsed, shown with `common.passkeyNotUsed` (or
 * `common.passkeyExists` when the authenticator already holds one of ours).
 */
import type { ZWebAuthnResponse } from '@ac/protocol/two-factor';
import type { z } from 'zod';

export class PasskeyNotUsed extends Error {
  /** The authenticator already holds a passkey of this account (registration refused by excludeCredentials). */
  readonly alreadyRegistered: boolean;
  constructor(message: string, alreadyRegistered = false) {
    super(message);
    this.alreadyRegistered = alreadyRegistered;
  }
}

type WebAuthnAnswer = z.input<typeof ZWebAuthnResponse>;
type Options = Record<string, unknown>;

/** Whether this browser can use passkeys at all (a secure context with WebAuthn). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new PasskeyNotUsed(
      error instanceof Error ? error.message : String(error),
      code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    );
  }
}

/** navigator.credentials.create for the registration options: the answer for passkeyRegister. */
export async function createPasskey(options: Options): Promise<WebAuthnAnswer> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await ceremony(() => startRegistration({ optionsJSON: options as never }));
  return answer as unknown as WebAuthnAnswer;
}

/** navigator.credentials.get for the request options: the assertion for passkeyLogin or the second step. */
export async function getPasskey(options: Options): Promise<WebAuthnAnswer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await ceremony(() => startAuthentication({ optionsJSON: options as never }));
  return answer as unknown as WebAuthnAnswer;
}
