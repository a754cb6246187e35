/** What an empty table or list says, in text of 4.5:1 (antd's own reads #bfbfbf on white, 1.8:1). */
import type { ReactNode } from 'react';

export function EmptyText({ children }: { children: ReactNode }) {
  return <div style={{ color: 'rgba(0, 0, 0, 0.65)', padding: '8px 0' }}>{children}</div>;
}
