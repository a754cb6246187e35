/** Label and value pairs, one per line or side by side: plain markup drawn like antd's small Descriptions (products.css). */
import type { ReactNode } from 'react';

export type Description = { label: ReactNode; value: ReactNode };

export function Descriptions({ items, inline = false }: { items: readonly Description[]; inline?: boolean }) {
  return (
    <dl className={`plain-descriptions${inline ? ' plain-descriptions-inline' : ''}`}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
        <div key={index} className="plain-descriptions-item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
