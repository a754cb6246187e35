/**
 * @ac/client — the account center's v5 API for CAD clients, the web portal,
 * tests and benchmarks. The package's one entry (it is published on its own).
 */
export { calls } from '@ac/protocol/calls';
export { Code, catalogue, sessionCodes } from '@ac/protocol/codes';
export type { CallContract, CallRequest, CallResponse } from '@ac/protocol/contract';
export type { TDeviceSignInStartResponse } from '@ac/protocol/device-sign-in';
export type { TClientInfo } from '@ac/protocol/envelope';
export type { TLoginResponse } from '@ac/protocol/session';
export { ApiError, errorCode, isApiError } from './api-error.ts';
export {
  type Answer,
  type CallOptions,
  type Client,
  type ClientOptions,
  createClient,
  DEFAULT_TIMEOUT_MS,
} from './client.ts';
export { type DeviceSignInOptions, signInWithDevice } from './device-sign-in.ts';
export { type KeyStore, memoryKeyStore } from './key-store.ts';
