/** The catalogue codes of failed calls, as the tests check them. */
import { expect } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';

/** The catalogue code a service call fails with (its AppError's), or 'ok' when it does not fail. */
export async function failureCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as AppError).code;
  }
}

/** The AppError `fn` throws; the test fails when it throws nothing or something else. */
export function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  return expect.unreachable('no error thrown');
}
