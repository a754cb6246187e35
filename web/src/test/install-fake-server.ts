/**
 * For a component test file: the fake envelope server installed as `fetch`
 * before each test (fresh: no handlers, calls or keys), and the rendered
 * tree and `fetch` restored after it.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
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
  });
  return server;
}
