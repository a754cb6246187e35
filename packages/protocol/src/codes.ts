/**
 * The error catalogue: every answer code the API can give, its HTTP status
 * and its default (English) message. The web translates `errors.<code>`;
 * the server sends the message below as `msg`. Codes of docs/protocol.md#answers-and-error-codes keep their
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
  passwordPolicy: '1000010',
  passwordBreached: '1000011',
  passwordSameAsAccount: '1000012',
  passwordWrong: '1000013',
  thirdAccountUsed: '0300017',
  thirdAlreadyBoundBefore: '0300018',
  thirdTryLater: '0300066',
  thirdAlreadyBound: '0300067',
  thirdLoginAgain: '0300068',
  accountOnOtherNode: '0300069',
  // commerce (products, orders, payments, redeem codes)
  goodsNotFound: '2000001',
  orderNotFound: '2000002',
  orderCannotCancel: '2000003',
  orderNotPayable: '2000004',
  orderTransitionRefused: '2000005',
  payMethodUnavailable: '2000006',
  paymentProviderFailed: '2000007',
  paymentMismatch: '2000008',
  couponInvalid: '2000009',
  refundInvalid: '2000010',
  redeemCodeInvalid: '2000020',
  redeemCodeUsed: '2000021',
  redeemCodeOutOfValidity: '2000022',
  redeemCodeVoid: '2000023',
  redeemCodeReserved: '2000024',
  redeemCompanyCode: '2000025',
  redeemLevelMismatch: '2000026',
  redeemCodeTransitionRefused: '2000027',
  userNotFound: '2000030',
  // registration, activation, recovery, server nodes
  agreementRequired: '1200001',
  activateLinkInvalid: '1200002',
  resetLinkInvalid: '1200003',
  mailSendTooSoon: '1200004',
  accountNotOnNode: '1200005',
  // text messages refused by the SMS provider (docs/decisions/0016-sms-providers.md)
  smsBadNumber: '1200010',
  smsLimitExceeded: '1200011',
  smsUnavailable: '1200012',
  // profile, avatar, captcha, third-party rules, account deletion
  addressTaken: '1100001',
  avatarMissing: '1100002',
  avatarType: '1100003',
  avatarDimensions: '1100004',
  avatarTooLarge: '1100005',
  captchaRequired: '1100010',
  captchaWrong: '1100011',
  lastLoginMethod: '1100020',
  reauthRequired: '1100021',
  // invoices (China)
  invoiceNotFound: '2100001',
  invoiceOrderNotInvoiceable: '2100002',
  invoiceOrderTaken: '2100003',
  invoiceTitleNotFound: '2100004',
  invoiceTaxNoInvalid: '2100005',
  invoiceSpecialVatFields: '2100006',
  invoiceCannotReapply: '2100007',
  invoiceTransitionRefused: '2100008',
  invoicePdfNotReady: '2100009',
  invoiceTitleLimit: '2100010',
  // China trade account (docs/decisions/0009-trade-account.md)
  noPermission: '1300001',
  cashPasswordWrong: '1300002',
  cashPasswordLocked: '1300003',
  cashPasswordNotSet: '1300004',
  identityVerified: '1300005',
  tradeEntryNotFound: '1300006',
  tradeListFull: '1300007',
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
  '1000010': {
    status: 200,
    message: 'The password must be 8-64 characters and contain at least two of letters, digits and symbols',
  },
  '1000011': { status: 200, message: 'This password is too common, please choose another one' },
  '1000012': { status: 200, message: 'The password must not be your email or mobile number' },
  '1000013': { status: 200, message: 'The current password is wrong' },
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
  '2000001': { status: 200, message: 'This product is not for sale' },
  '2000002': { status: 200, message: 'The order does not exist' },
  '2000003': { status: 200, message: 'Cannot cancel the order of {status}' },
  '2000004': { status: 200, message: 'The order of {status} cannot be paid' },
  '2000005': { status: 200, message: 'The order cannot change from {from} to {to}' },
  '2000006': { status: 200, message: 'This payment method is not available' },
  '2000007': { status: 200, message: 'The payment service is unavailable, please try again later' },
  '2000008': { status: 200, message: 'The payment does not match the order' },
  '2000009': { status: 200, message: 'The coupon is invalid or has expired' },
  '2000010': { status: 200, message: 'The refund amount must be between 1 and the amount not yet refunded' },
  '2000020': { status: 200, message: 'Exchange failed: the redeem code does not exist' },
  '2000021': { status: 200, message: 'Exchange failed: the redeem code has already been used' },
  '2000022': { status: 200, message: 'Exchange failed: the redeem code must be used within its validity period' },
  '2000023': { status: 200, message: 'Exchange failed: the redeem code is void' },
  '2000024': { status: 200, message: 'Exchange failed: the redeem code is reserved by an order' },
  '2000025': {
    status: 200,
    message:
      'Company-management redeem codes cannot be redeemed by a personal account; they are to be given to real users',
  },
  '2000026': { status: 200, message: 'Members can only redeem codes of their current level' },
  '2000027': { status: 200, message: 'The redeem code cannot change from {from} to {to}' },
  '2000030': { status: 200, message: 'The user does not exist' },
  '1200001': { status: 200, message: 'Please read and agree to the terms of service' },
  '1200002': { status: 200, message: 'Activate request error: the link is invalid or has expired' },
  '1200003': { status: 200, message: 'The reset password link is timeout, invalid operation' },
  '1200004': { status: 200, message: 'A mail was sent recently, please wait' },
  '1200005': { status: 200, message: 'The account does not live on this node' },
  '1200010': { status: 200, message: 'Text messages cannot be sent to this mobile number, please check it' },
  '1200011': {
    status: 200,
    message: 'This mobile number has received too many text messages today, please try again tomorrow',
  },
  '1200012': {
    status: 200,
    message: 'Text messages cannot be sent at the moment, please use another way or try again later',
  },
  '1100001': { status: 200, message: 'This email or mobile number is already used by another account' },
  '1100002': { status: 200, message: 'Please select a file first' },
  '1100003': { status: 200, message: 'The avatar must be a JPEG or PNG image' },
  '1100004': { status: 200, message: 'The avatar must be 150x150, 200x200 or 300x300 pixels' },
  '1100005': { status: 200, message: 'The avatar must be under 2 MB, please crop it again' },
  '1100010': { status: 200, message: 'Please complete the image verification first' },
  '1100011': { status: 200, message: 'The image verification failed, please try a new image' },
  '1100020': {
    status: 200,
    message: 'This is your last way to log in: set a password or bind another account first',
  },
  '1100021': { status: 200, message: 'For your security, please log in again to do this' },
  '2100001': { status: 200, message: 'The invoice does not exist' },
  '2100002': {
    status: 200,
    message: 'An order cannot be invoiced: it is not a paid order of yours with an amount, or was paid too long ago',
  },
  '2100003': { status: 200, message: 'An order is already on another invoice' },
  '2100004': { status: 200, message: 'The invoice title does not exist' },
  '2100005': { status: 200, message: 'A company title needs a tax number of 15-20 letters and digits' },
  '2100006': {
    status: 200,
    message: 'A special VAT invoice needs a company title with address, phone, bank and account',
  },
  '2100007': { status: 200, message: 'Only a failed or voided invoice can be applied for again' },
  '2100008': { status: 200, message: 'The invoice cannot change from {from} to {to}' },
  '2100009': { status: 200, message: 'The invoice is not issued yet' },
  '2100010': { status: 200, message: 'You can save at most {max} invoice titles' },
  '1300001': { status: 200, message: 'No permission temporarily!' },
  '1300002': { status: 200, message: 'The cash password is wrong' },
  '1300003': { status: 200, message: 'Too many wrong cash passwords, please try again in 15 minutes' },
  '1300004': { status: 200, message: 'Please set a cash password first' },
  '1300005': { status: 200, message: 'Your identity is already verified' },
  '1300006': { status: 200, message: 'The entry does not exist' },
  '1300007': { status: 200, message: 'You can keep at most {max} entries' },
};

/** Fills the `{name}` placeholders of a catalogue message (e.g. 2000003's `{status}`). */
export function formatMessage(code: TCode, params: Record<string, string | number> = {}): string {
  return catalogue[code].message.replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}

/** Codes after which the client clears the session and goes to login (docs/product.md#states). */
export const sessionCodes: readonly TCode[] = [Code.sessionExpired, Code.sessionRevoked, Code.sessionReplaced];

export function isCode(value: string): value is TCode {
  return Object.hasOwn(catalogue, value);
}
