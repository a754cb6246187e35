/** Narrower than antd's `lg` breakpoint (992 px): the main shell's menus move into a drawer. */
import { useSyncExternalStore } from 'react';

const COMPACT = '(max-width: 991.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(COMPACT);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useCompact(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(COMPACT).matches,
    () => false,
  );
}
