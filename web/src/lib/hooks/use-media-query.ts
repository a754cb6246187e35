/** Whether a CSS media query matches now, following its changes (false when rendered without a window). */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * The visitor asked their system for less motion (WCAG 2.3.3): antd's and antd-mobile's
 * animations and transitions are then off (components/antd-provider.tsx, the /h5 shell).
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
