/**
 * The image captcha: /user/v5/profile/kaptcha gives {imageKey, image} (an
 * SVG data URL), /user/v5/profile/kaptchaVerify {imageKey, answer} gives a
 * single-use {ticket} for the next code send.
 */
import { calls } from '@ac/protocol/calls';
import {
  type TKaptchaResponse,
  type TKaptchaVerifyResponse,
  ZKaptchaResponse,
  ZKaptchaVerifyResponse,
} from '@ac/protocol/profile';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchKaptcha(): Promise<TKaptchaResponse> {
  return ZKaptchaResponse.parse(await apiCall(calls.codes.kaptcha, {}));
}

export const kaptchaQueryOptions = () =>
  queryOptions({ queryKey: ['kaptcha'], queryFn: fetchKaptcha, staleTime: 0, gcTime: 0 });

export function useKaptcha(enabled: boolean) {
  return useQuery({ ...kaptchaQueryOptions(), enabled });
}

export async function fetchKaptchaVerify(input: { imageKey: string; answer: string }): Promise<TKaptchaVerifyResponse> {
  return ZKaptchaVerifyResponse.parse(await apiCall(calls.codes.kaptchaVerify, input));
}

export function useKaptchaVerify() {
  return useMutation({ mutationFn: fetchKaptchaVerify });
}
