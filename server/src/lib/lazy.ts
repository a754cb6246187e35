/**
 * A value made on its first use, once. The providers' SDKs (SMS, payments, the invoice PDF)
 * load this way: each costs 0.2-0.6 s of CPU to import, which every server start and every
 * admin command paid for providers it never called (docs/performance.md#start-up).
 */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
