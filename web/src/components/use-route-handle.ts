/** The handle (title and description keys) of the deepest matched route that has one. */
import { useMatches } from 'react-router';
import type { RouteHandle } from '@/lib/routing/app-route';

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return {};
}

/** `<namespace>.<key>` → `<namespace>`: where a key lives. */
export function namespaceOf(key: string | undefined): string {
  return key?.split('.')[0] ?? 'common';
}
