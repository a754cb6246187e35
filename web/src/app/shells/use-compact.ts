/** Narrower than antd's `lg` breakpoint (992 px): the main shell's menus move into a drawer. */
import { useMediaQuery } from '@/lib/hooks/use-media-query';

export function useCompact(): boolean {
  return useMediaQuery('(max-width: 991.98px)');
}
