import { ZProductCatalogRequest, ZProductCatalogResponse } from '@ac/protocol/commerce';
import { defineCall } from '../../envelope/call.ts';
import type { ProductsService } from './products.service.ts';

export function createProductsCalls(d: { products: ProductsService }) {
  return [
    defineCall({
      path: '/order/v5/product/catalog',
      summary: 'Purchasable goods with product type, account type, duration and price in the region currency',
      tag: 'products',
      auth: false,
      request: ZProductCatalogRequest,
      response: ZProductCatalogResponse,
      handler: () => d.products.catalog(),
    }),
  ];
}
