import { calls } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import { defineContract } from '@ac/protocol/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installFakeServer } from '@/test/install-fake-server';
import { apiCall } from './api-client';
import { callKey, invalidateCall, useCall, useCallMutation } from './use-call';

const server = installFakeServer();
let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

/** A call outside the contract, so the fake server lets its answers through unchecked. */
const COUNT = defineContract({
  path: '/count',
  summary: 'count',
  tag: 'test',
  auth: false,
  request: z.object({}),
  response: z.object({ n: z.number() }),
});

describe('calls from the contract', () => {
  it('checks the answer once, against the entry: one it does not allow rejects with 0000001', async () => {
    server.on(COUNT.path, () => ({ bizData: { n: 'many' } }));
    await expect(apiCall(COUNT, {})).rejects.toMatchObject({ code: Code.requestFailed });
  });

  it('keys a query by the call path and payload, and invalidating the call loads every payload again', async () => {
    let asked = 0;
    server.on(COUNT.path, () => ({ bizData: { n: asked } }));
    const { result } = renderHook(() => useCall(COUNT, {}), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ n: 0 }));
    expect(queryClient.getQueryData(callKey(COUNT, {}))).toEqual({ n: 0 });
    asked = 5;
    await invalidateCall(queryClient, COUNT);
    await waitFor(() => expect(result.current.data).toEqual({ n: 5 }));
  });

  it('a mutation reloads the calls it invalidates before it settles', async () => {
    let n = 1;
    server.on(COUNT.path, () => ({ bizData: { n } }));
    server.on(calls.session.signOutOthers.path, () => {
      n = 2;
      return { bizData: { count: 1 } };
    });
    const { result } = renderHook(
      () => ({
        count: useCall(COUNT, {}),
        signOut: useCallMutation(calls.session.signOutOthers, { invalidates: [COUNT] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.count.data).toEqual({ n: 1 }));
    await result.current.signOut.mutateAsync({});
    expect(queryClient.getQueryData(callKey(COUNT, {}))).toEqual({ n: 2 });
  });
});
