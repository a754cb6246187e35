/** My membership products with expiry: /order/v5/product/mine → {rows}. */
import { calls } from '@ac/protocol/calls';
import { type TMyProduct, ZMyProducts } from '@ac/protocol/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchMyProducts(): Promise<TMyProduct[]> {
  return ZMyProducts.parse(await apiCall(calls.memberships.mine, {})).rows;
}

export const myProductsQueryOptions = () => queryOptions({ queryKey: ['products', 'mine'], queryFn: fetchMyProducts });

export function useMyProducts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myProductsQueryOptions(), enabled: options.enabled ?? true });
}
