/**
 * The one h1 of a page with its one-line purpose and optional actions. In
 * the mobile shell the NavBar shows the title, so the h1 is for assistive
 * technology only.
 */
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useShellKind } from './shell-context';

type Props = { title: ReactNode; description?: ReactNode; extra?: ReactNode };

export function PageHeader({ title, description, extra }: Props) {
  const h5 = useShellKind() === 'h5';
  return (
    <Flex component="header" justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 20 }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={1} className={h5 ? 'visually-hidden' : undefined} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Paragraph type="secondary" style={{ margin: h5 ? 0 : '6px 0 0' }}>
            {description}
          </Typography.Paragraph>
        ) : null}
      </div>
      {extra ? <div>{extra}</div> : null}
    </Flex>
  );
}
