/**
 * A product-centre card: a level-2 heading with its icon, an optional link beside it, the body.
 * Plain markup drawn like antd's Card (products.css), so the page loads no antd (docs/performance.md).
 */
import type { ReactNode } from 'react';

type Props = { title: ReactNode; icon?: ReactNode; extra?: ReactNode; testId?: string; children: ReactNode };

export function PlainCard({ title, icon, extra, testId, children }: Props) {
  return (
    <section className="plain-card" data-testid={testId}>
      <div className="plain-card-head">
        <div className="plain-card-title">
          {icon}
          <h2>{title}</h2>
        </div>
        {extra ? <div className="plain-card-extra">{extra}</div> : null}
      </div>
      <div className="plain-card-body">{children}</div>
    </section>
  );
}
