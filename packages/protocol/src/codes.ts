/**
 * The error catalogue: every answer code the API can give, its HTTP status
 * and its default (English) message. The web translates `errors.<code>`;
 * the server sends the message below as `msg`. Codes of SPEC §8 keep their
 * numbers; new codes are added here and nowhere else.
 */
export const Code = {
  ok: '0000000',
  requestFailed: '0000001',
  invalidParam: '0000002',
  badEnvelope: '0000003',
  keyExpired: '0000004',
  sessionExpired: '0000005',
  tooManyRequests: '0000006',
  notFound: '0000007',
  payloadTooLarge: '0000008',
  badSignature: '0000009',
  replayedRequest: '0000010',
  plaintextDisabled: '0000011',
  forbiddenOrigin: '0000012',
  notInRegion: '0000013',
  loginFailed: '1000001',
  sessionRevoked: '1000002',
  accountNotActivated: '1000003',
  codeInvalid: '1000004',
  codeSendTooSoon: '1000005',
  sessionReplaced: '1000008',
  thirdAccountUsed: '0300017',
  thirdAlreadyBoundBefore: '0300018',
  thirdTryLater: '0300066',
  thirdAlreadyBound: '0300067',
  thirdLoginAgain: '0300068',
  accountOnOtherNode: '0300069',
} as const;

export type TCode = (typeof Code)[keyof typeof Code];

type CatalogueEntry = { status: number; message: string };

export const catalogue: Record<TCode, CatalogueEntry> = {
  '0000000': { status: 200, message: 'Success' },
  '0000001': { status: 500, message: 'Request failed, please try again later' },
  '0000002': { status: 200, message: 'Invalid parameter' },
  '0000003': { status: 400, message: 'The request could not be read' },
  '0000004': { status: 200, message: 'The encryption key has expired, please retry' },
  '0000005': {
    status: 200,
    message: 'The current user information has expired, please log in again!',
  },
  '0000006': { status: 429, message: 'Too many requests, please try again later' },
  '0000007': { status: 404, message: 'Not found' },
  '0000008': { status: 413, message: 'The request is too large' },
  '0000009': { status: 400, message: 'The request signature is invalid' },
  '0000010': { status: 400, message: 'The request was already received' },
  '0000011': { status: 400, message: 'Unencrypted requests are not accepted' },
  '0000012': { status: 403, message: 'Requests from this origin are not accepted' },
  '0000013': { status: 200, message: 'This service is not offered in your region' },
  '1000001': { status: 200, message: 'Wrong account or password' },
  '1000002': {
    status: 200,
    message: 'The current user information has expired, please log in again!',
  },
  '1000003': { status: 200, message: 'The account is not activated yet' },
  '1000004': { status: 200, message: 'Verification failed, please re-operate' },
  '1000005': { status: 200, message: 'A code was sent recently, please wait' },
  '1000008': {
    status: 200,
    message: 'The current user information has expired, please log in again!',
  },
  '0300017': {
    status: 200,
    message: 'Binding failed: this third-party account is already used by another account',
  },
  '0300018': {
    status: 200,
    message: 'Binding failed: this account was already bound to that provider before',
  },
  '0300066': { status: 200, message: 'Please try again later' },
  '0300067': { status: 200, message: 'This third-party account is already bound' },
  '0300068': { status: 200, message: 'Please log in again' },
  '0300069': { status: 200, message: 'The account already exists on another node' },
};

/** Codes after which the client clears the session and goes to login (SPEC §4). */
export const sessionCodes: readonly TCode[] = [Code.sessionExpired, Code.sessionRevoked, Code.sessionReplaced];

export function isCode(value: string): value is TCode {
  return Object.hasOwn(catalogue, value);
}
