/**
 * Real-name verification (docs/decisions/0042-real-name-verification.md): a
 * name and a resident ID number checked against the authority's records by
 * a cloud provider. The checksum verifier (checksum.ts) stands in for it
 * outside production; Tencent Cloud FaceID (tencent-faceid.ts) is the real one.
 */

export type IdentityClaim = { realName: string; idNumber: string };

/** What the provider answered about a claim; `requestId` is the provider's id of the check (kept with the result). */
export type IdentityVerdict = {
  outcome: 'match' | 'mismatch' | 'notFound';
  requestId: string | null;
};

/** The provider could not answer (down, timed out, over its own limits, our credentials refused): retry later. */
export class IdentityUnavailable extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityUnavailable';
  }
}

export type IdentityVerifier = {
  readonly name: string;
  /** Answers the provider's verdict, or throws IdentityUnavailable. */
  verify(claim: IdentityClaim): Promise<IdentityVerdict>;
};
