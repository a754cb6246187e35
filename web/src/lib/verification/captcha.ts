/**
 * The image captcha: /user/v5/profile/kaptcha gives {imageKey, image} (an
 * SVG data URL), /user/v5/profile/kaptchaVerify {imageKey, answer} gives a
 * single-use {ticket} for the next code send.
 */
import {
  type TKaptchaResponse,
  type TKaptchaVerifyResponse,
  ZKaptchaResponse,
  ZKaptchaVerifyResponse,
} from '@ac/protocol/profile';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const KAPTCHA_PATH = '/user/v5/profile/kaptcha';
export const KAPTCHA_VERIFY_PATH = '/user/v5/profile/kaptchaVerify';

export async function fetchKaptcha(): Promise<TKaptchaResponse> {
  return ZKaptchaResponse.parse(await request(KAPTCHA_PATH, {}));
}

export const kaptchaQueryOptions = () =>
  queryOptions({ queryKey: ['kaptcha'], queryFn: fetchKaptcha, staleTime: 0, gcTime: 0 });

export function useKaptcha(enabled: boolean) {
  return useQuery({ ...kaptchaQueryOptions(), enabled });
}

export async function fetchKaptchaVerify(input: { imageKey: string; answer: string }): Promise<TKaptchaVerifyResponse> {
  return ZKaptchaVerifyResponse.parse(await request(KAPTCHA_VERIFY_PATH, input));
}

export function useKaptchaVerify() {
  return useMutation({ mutationFn: fetchKaptchaVerify });
}
