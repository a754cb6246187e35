/**
 * The static dictionary, GET `dict.json` relative to the base path (codes
 * only; names come from i18n).
 */

import { ApiError } from '@ac/client';
import type { TDictionary } from '@ac/protocol/dictionary';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function fetchDictionary(): Promise<TDictionary> {
  const response = await fetch(new URL('dict.json', document.baseURI), { credentials: 'same-origin' });
  if (response.status !== 200) throw new ApiError('0000001', `HTTP ${response.status}`, response.status);
  return (await response.json()) as TDictionary;
}

export const dictionaryQueryOptions = () =>
  queryOptions({ queryKey: ['dictionary'], queryFn: fetchDictionary, staleTime: Number.POSITIVE_INFINITY });

export function useDictionary(enabled = true) {
  return useQuery({ ...dictionaryQueryOptions(), enabled });
}
