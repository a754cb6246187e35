/**
 * The checks of a plain-markup form field (lib/forms/use-plain-form.ts): each returns the
 * message of a failed check, else undefined. Like antd's rules, an empty field passes every
 * check but `required`.
 */
import type { z } from 'zod';

export type FieldCheck = (value: string) => string | undefined;

/** Whether a value passes a protocol zod schema; empty passes (`required` speaks for it). */
export function matchesSchema(schema: z.ZodType, value: unknown): boolean {
  return value === undefined || value === '' || schema.safeParse(value).success;
}

/** Something entered; with `whitespace`, spaces alone count as nothing. */
export function required(message: string, { whitespace = false } = {}): FieldCheck {
  return (value) => ((whitespace ? value.trim() : value) ? undefined : message);
}

/** The value passes a protocol zod schema, so the form checks what the server checks. */
export function schemaCheck(schema: z.ZodType, message: string): FieldCheck {
  return (value) => (matchesSchema(schema, value) ? undefined : message);
}

export function patternCheck(pattern: RegExp, message: string): FieldCheck {
  return (value) => (value === '' || pattern.test(value) ? undefined : message);
}
