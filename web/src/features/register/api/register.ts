/**
 * /user/v5/profile/register: overseas by email {name, email, password,
 * region, agree, subscribe?, businessSource?}, China by mobile {mobile, code,
 * password, agree, businessSource?} → {}. businessSource comes from the
 * tracked `businessSource` URL parameter or cookie.
 */
import { calls } from '@ac/protocol/calls';
import type { ZRegisterEmailRequest, ZRegisterMobileRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '@/lib/api/api-client';
import { trackedValue } from '@/lib/tracked-params';

export type RegisterInput = z.input<typeof ZRegisterEmailRequest> | z.input<typeof ZRegisterMobileRequest>;

export async function fetchRegister(payload: RegisterInput): Promise<void> {
  const businessSource = trackedValue('businessSource');
  await apiCall(
    'mobile' in payload ? calls.registration.registerByMobile : calls.registration.registerByEmail,
    businessSource ? { ...payload, businessSource } : payload,
  );
}

export function useRegister() {
  return useMutation({ mutationFn: fetchRegister });
}
