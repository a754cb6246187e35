/**
 * Objects the tests of a file (or of a describe block) share, made in its beforeAll: answered at
 * once, empty, and filled (the made object's properties copied in) before the first test runs, so that
 * a file can write `const { t, buyer } = commerceAppForTests()` at its top level.
 */
import { beforeAll } from 'vitest';

/**
 * An object that `make`'s answer is copied into before the tests (hooks run in the order they are
 * declared): a new one, or `filled` when one was handed out already.
 */
export function filledBeforeAll<T extends object>(make: () => Promise<T>, filled = {} as T): T {
  beforeAll(async () => {
    // the descriptors, not the values: a getter (a fake's counter) keeps reading the made object's state
    Object.defineProperties(filled, Object.getOwnPropertyDescriptors(await make()));
  });
  return filled;
}
