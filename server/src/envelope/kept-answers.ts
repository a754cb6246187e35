/**
 * Answers a handler hands back unchanged from a per-instance cache (the same
 * object on every call: the kept userInfo, order/list and product/mine
 * answers, docs/performance.md "API") are checked against the call's schema
 * and written as JSON once, not on every call. Cached answers are never
 * changed in place; a handler that builds a new object each time gets the
 * full check and JSON as before.
 */
import type { z } from 'zod';

/** The call's response schema applied to `result`, remembered per result object. */
export function createCheckedAnswers(schema: z.ZodType) {
  const checked = new WeakMap<object, unknown>();
  return (result: unknown): unknown => {
    if (typeof result !== 'object' || result === null) return schema.parse(result);
    if (checked.has(result)) return checked.get(result);
    const answer = schema.parse(result);
    checked.set(result, answer);
    return answer;
  };
}

const jsonOf = new WeakMap<object, string>();

/** JSON.stringify(value ?? null), remembered per object. */
export function answerJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value ?? null);
  let json = jsonOf.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    jsonOf.set(value, json);
  }
  return json;
}
