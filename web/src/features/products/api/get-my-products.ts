/** My membership products with expiry: /order/v5/product/mine → {rows}. */
import { type TMyProduct, ZMyProducts } from '@ac/protocol/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const MY_PRODUCTS_PATH = '/order/v5/product/mine';

export async function fetchMyProducts(): Promise<TMyProduct[]> {
  return ZMyProducts.parse(await request(MY_PRODUCTS_PATH, {})).rows;
}

export const myProductsQueryOptions = () => queryOptions({ queryKey: ['products', 'mine'], queryFn: fetchMyProducts });

export function useMyProducts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myProductsQueryOptions(), enabled: options.enabled ?? true });
}
