/** The goods catalogue, priced in the region's currency (docs/api-commerce.md). */
import { ZProductCatalogRequest, ZProductCatalogResponse } from '../commerce.ts';
import { defineContract } from '../contract.ts';

export const products = {
  catalog: defineContract({
    path: '/order/v5/product/catalog',
    summary: 'Purchasable goods with product type, account type, duration and price in the region currency',
    tag: 'products',
    auth: false,
    request: ZProductCatalogRequest,
    response: ZProductCatalogResponse,
  }),
};
