/** The real-name verifier the configuration selects (docs/decisions/0042-real-name-verification.md). */
import type { IdentityConfig } from '../../config/identity.ts';
import { createChecksumVerifier } from './checksum.ts';
import { createTencentFaceId } from './tencent-faceid.ts';
import type { IdentityVerifier } from './verifier.ts';

export function createIdentityVerifier(c: IdentityConfig): IdentityVerifier {
  switch (c.verifier) {
    case 'checksum':
      return createChecksumVerifier();
    case 'tencent':
      return createTencentFaceId(c.tencent!);
  }
}
