/**
 * /user/v5/profile/register: overseas by email {name, email, password,
 * region, agree, subscribe?, businessSource?}, China by mobile {mobile, code,
 * password, agree, businessSource?} → {}. businessSource comes from the
 * tracked `businessSource` URL parameter or cookie.
 */
import type { ZRegisterEmailRequest, ZRegisterMobileRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/api/api-client';
import { trackedValue } from '@/lib/tracked-params';

export const REGISTER_PATH = '/user/v5/profile/register';

export type RegisterInput = z.input<typeof ZRegisterEmailRequest> | z.input<typeof ZRegisterMobileRequest>;

export async function fetchRegister(payload: RegisterInput): Promise<void> {
  const businessSource = trackedValue('businessSource');
  await request(REGISTER_PATH, businessSource ? { ...payload, businessSource } : payload);
}

export function useRegister() {
  return useMutation({ mutationFn: fetchRegister });
}
