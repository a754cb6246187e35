/**
 * The client address of the running test (support/test.ts): one per test,
 * in 10.0.0.0/8, stable for a test's id, project, repeat index and retry, so a
 * failure can be replayed with the same address. A worker runs one test at a
 * time, so the current address is module state the SDK client reads
 * (support/api-client.ts) without every helper passing it on.
 */
import { createHash } from 'node:crypto';
import type { TestInfo } from '@playwright/test';

let current: string | null = null;

export function addressOfTest(info: Pick<TestInfo, 'testId' | 'project' | 'repeatEachIndex' | 'retry'>): string {
  const key = `${info.testId}|${info.project.name}|${info.repeatEachIndex}|${info.retry}`;
  const [a, b, c] = createHash('sha256').update(key).digest();
  // 10.a.b.c with c in 1..254: never a network or broadcast address
  return `10.${a}.${b}.${((c ?? 0) % 254) + 1}`;
}

export function setClientAddress(address: string | null) {
  current = address;
}

/** The headers that make a request come from the running test's client (none outside a test). */
export function clientAddressHeaders(): Record<string, string> {
  return current ? { 'x-forwarded-for': current } : {};
}
