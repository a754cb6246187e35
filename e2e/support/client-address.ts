/**
 * The client address of the running test (support/test.ts): one per test,
 * in 10.0.0.0/8, stable for a test's id, project, repeat index and retry, so a
 * failure can be replayed with the same address. A worker runs one test at a
 * time, so the current address is module state the SDK client reads
 * (support/api-client.ts) without every helper passing it on.
 */
import { createHash } from 'node:crypto';
import type { TestInfo, WorkerInfo } from '@playwright/test';

let current: string | null = null;

/** 10.a.b.c from a hash of `key`, with c in 1..254: never a network or broadcast address. */
function addressOf(key: string): string {
  const [a, b, c] = createHash('sha256').update(key).digest();
  return `10.${a}.${b}.${((c ?? 0) % 254) + 1}`;
}

export function addressOfTest(info: Pick<TestInfo, 'testId' | 'project' | 'repeatEachIndex' | 'retry'>): string {
  return addressOf(`${info.testId}|${info.project.name}|${info.repeatEachIndex}|${info.retry}`);
}

/** The address of a worker's hooks outside a test (beforeAll, afterAll): one per worker process. */
export function addressOfWorker(info: Pick<WorkerInfo, 'workerIndex' | 'project'>): string {
  return addressOf(`worker|${info.workerIndex}|${info.project.name}`);
}

export function setClientAddress(address: string | null) {
  current = address;
}

/** The headers that make a request come from the running test's client (none outside a test). */
export function clientAddressHeaders(): Record<string, string> {
  return current ? { 'x-forwarded-for': current } : {};
}
