/**
 * Wraps a wide antd Table so its horizontal scroll container can be reached
 * and scrolled with the keyboard (WCAG 2.1.1): antd renders that container
 * without a tabindex.
 */
import { type ReactNode, useEffect, useRef } from 'react';

type Props = { label: string; testId: string; children: ReactNode };

export function ScrollRegion({ label, testId, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const el of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={ref} data-testid={testId}>
      {children}
    </div>
  );
}
