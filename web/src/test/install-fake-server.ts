/**
 * For a component test file: the fake envelope server installed as `fetch`
 * before each test (fresh: no handlers, calls or keys), and the rendered
 * tree and `fetch` restored after it; a test whose fake answers broke the
 * contract's response schemas fails.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createFakeServer, type FakeServer } from './fake-envelope-server';

export function installFakeServer(): FakeServer {
  const server = createFakeServer();
  beforeEach(() => {
    server.reset();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    // an answer the contract does not allow fails the test (fake-envelope-server.ts)
    expect(server.wrongAnswers, 'answers of the fake server that break the contract').toEqual([]);
  });
  return server;
}
