/** The card of a public form page: its heading, a one-line intro, the form and links below. */
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

type Props = { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode; testId?: string };

export function FormCard({ title, intro, children, footer, testId }: Props) {
  return (
    <Flex justify="center" style={{ padding: '16px 0' }}>
      <Card style={{ width: '100%', maxWidth: 480 }} styles={{ body: { padding: 28 } }} data-testid={testId}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: '0 0 4px' }}>
          {title}
        </Typography.Title>
        {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
        {children}
        {footer ? (
          <div className="form-card-footer" style={{ marginTop: 16 }}>
            {footer}
          </div>
        ) : null}
      </Card>
    </Flex>
  );
}
