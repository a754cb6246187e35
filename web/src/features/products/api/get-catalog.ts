/** The goods on sale with their prices in the region currency: /order/v5/product/catalog. */
import { calls } from '@ac/protocol/calls';
import { type TProductCatalogResponse, ZProductCatalogResponse } from '@ac/protocol/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCatalog(): Promise<TProductCatalogResponse> {
  return ZProductCatalogResponse.parse(await apiCall(calls.products.catalog, {}));
}

export const catalogQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'catalog'], queryFn: fetchCatalog, staleTime: 5 * 60_000 });

export function useCatalog(options: { enabled: boolean }) {
  return useQuery({ ...catalogQueryOptions(), enabled: options.enabled });
}
