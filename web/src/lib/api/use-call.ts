/**
 * Calls straight from the contract (docs/architecture.md#web): a page asks
 * `useCall(calls.x.y, payload)` or `useCallMutation(calls.x.y)`. A query's
 * key is the call's path and its payload, so `invalidateCall(client,
 * calls.x.y)` refreshes every page, filter and id of that call. The answer
 * is checked against the contract entry once, in apiCall.
 */
import type { CallContract, CallRequest, CallResponse } from '@ac/client';
import {
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { apiCall, type RequestOptions } from './api-client';

/** `[path]` names every query of a call; `[path, payload]` one of them. */
export function callKey<C extends CallContract>(call: C, payload?: CallRequest<C>): readonly unknown[] {
  return payload === undefined ? [call.path] : [call.path, payload];
}

export type CallQueryOptions<C extends CallContract, TData = CallResponse<C>> = Omit<
  UseQueryOptions<CallResponse<C>, Error, TData, readonly unknown[]>,
  'queryKey' | 'queryFn'
> & {
  /** How apiCall treats a session code (the session gate rejects instead of re-logging in). */
  request?: RequestOptions;
};

/** The query of one call and payload, for useQuery, loaders, prefetching and `queryClient.fetchQuery`. */
export function callQueryOptions<C extends CallContract, TData = CallResponse<C>>(
  call: C,
  payload: CallRequest<C>,
  { request, ...options }: CallQueryOptions<C, TData> = {},
) {
  return queryOptions<CallResponse<C>, Error, TData, readonly unknown[]>({
    queryKey: callKey(call, payload),
    queryFn: () => apiCall(call, payload, request),
    ...options,
  });
}

export function useCall<C extends CallContract, TData = CallResponse<C>>(
  call: C,
  payload: CallRequest<C>,
  options?: CallQueryOptions<C, TData>,
) {
  return useQuery(callQueryOptions(call, payload, options));
}

/** Marks every query of these calls stale (the shown ones load again); resolves when they did. */
export function invalidateCall(queryClient: QueryClient, ...callsToRefresh: readonly CallContract[]): Promise<unknown> {
  return Promise.all(callsToRefresh.map((c) => queryClient.invalidateQueries({ queryKey: callKey(c) })));
}

export type CallMutationOptions<C extends CallContract, TVariables = CallRequest<C>> = Omit<
  UseMutationOptions<CallResponse<C>, Error, TVariables>,
  'mutationFn'
> & {
  /** Calls whose queries load again after a success (awaited before the mutation settles). */
  invalidates?: readonly CallContract[];
};

export function useCallMutation<C extends CallContract>(call: C, options: CallMutationOptions<C> = {}) {
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<CallResponse<C>, Error, CallRequest<C>>({
    mutationFn: (payload) => apiCall(call, payload),
    onSuccess: async (data, variables, onMutateResult, context) => {
      await invalidateCall(context.client, ...invalidates);
      await onSuccess?.(data, variables, onMutateResult, context);
    },
    ...rest,
  });
}
