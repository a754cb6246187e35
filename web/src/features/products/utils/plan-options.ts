/**
 * The plan a `goods` URL parameter names and the plans it can be swapped
 * for: the goods on sale of the same product type (e.g. every viewer
 * membership), in catalogue order.
 */
import type { TCatalogItem } from '@ac/protocol/commerce';

/** The goods on sale with this code; CAD clients may send it in any letter case. */
export function findPlan(rows: readonly TCatalogItem[], goodsCode: string): TCatalogItem | undefined {
  const wanted = goodsCode.trim();
  if (!wanted) return undefined;
  return (
    rows.find((r) => r.goodsCode === wanted) ?? rows.find((r) => r.goodsCode.toLowerCase() === wanted.toLowerCase())
  );
}

/** Every plan of the same product type as `plan`, itself included. */
export function plansLike(rows: readonly TCatalogItem[], plan: TCatalogItem): TCatalogItem[] {
  return rows.filter((r) => r.productType === plan.productType);
}
