/** An antd Form rule backed by a protocol zod schema, so forms check what the server checks. */
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { matchesSchema } from './field-checks';

export function zodRule(schema: z.ZodType, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      matchesSchema(schema, value) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

/**
 * The rules of a required field: empty refused with `message`; with a schema,
 * whatever the schema refuses too (same message), else a blank text as well.
 */
export function requiredRules(message: string, schema?: z.ZodType): FormRule[] {
  return schema
    ? [{ required: true, message }, zodRule(schema, message)]
    : [{ required: true, whitespace: true, message }];
}
