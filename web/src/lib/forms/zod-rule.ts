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
