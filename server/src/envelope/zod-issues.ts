import type { z } from 'zod';

/** "account: Too small; password: Required" — names every failing field. */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'payload'}: ${i.message}`)
    .join('; ');
}
