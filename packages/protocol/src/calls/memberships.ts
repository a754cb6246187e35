/** The member's memberships, storage included (docs/product.md#data). */
import { ZMyProducts } from '../commerce.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';

export const memberships = {
  mine: defineContract({
    path: '/order/v5/product/mine',
    summary: 'My membership products with expiry',
    tag: 'products',
    auth: true,
    request: ZEmpty,
    response: ZMyProducts,
  }),
};
