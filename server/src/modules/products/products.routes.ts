import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { ProductsService } from './products.service.ts';

export function createProductsCalls(d: { products: ProductsService }) {
  return [
    defineCall(calls.products.catalog, {
      handler: () => d.products.catalog(),
    }),
  ];
}
