import type { AppError } from '../src/lib/app-error.ts';

/** The catalogue code a service call fails with (its AppError's), or 'ok' when it does not fail. */
export async function failureCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as AppError).code;
  }
}
