/** What one third-party login provider's adapter is (providers.ts picks one per provider). */
export type OAuthIdentity = { subject: string; name: string | null; picture: string | null; email: string | null };
/** `userAgent`: the browser asking (WeChat's in-app browser gets the in-app authorize URL). */
export type AuthorizeParams = {
  redirectUri: string;
  state: string;
  codeVerifier: string;
  nonce: string;
  userAgent?: string | undefined;
};
/** `app`: which of the provider's apps the URL is for (null: its one app), kept with the state for the exchange. */
export type AuthorizeUrl = { url: string; app: string | null };
export type CallbackParams = Omit<AuthorizeParams, 'userAgent'> & { code: string; iss?: string; app: string | null };

/** One provider's protocol. */
export type OAuthAdapter = {
  authorizeUrl(params: AuthorizeParams): Promise<AuthorizeUrl>;
  /** Exchanges the code; 0300068 when the provider refuses it (expired, reused), 0300066 when it fails. */
  identity(params: CallbackParams): Promise<OAuthIdentity>;
};
