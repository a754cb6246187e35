import type { AppModule } from '../module.ts';
import { createProductsCalls } from './products.routes.ts';
import type { ProductsService } from './products.service.ts';

/** The goods catalogue. */
export function productsModule(d: { products: ProductsService }): AppModule {
  return { calls: createProductsCalls(d) };
}
