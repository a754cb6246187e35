/** The centred card of a public result page (mail sent, activation, jump node). */
import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

export function ResultCard({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Flex justify="center" style={{ padding: '16px 0' }}>
      <Card style={{ width: '100%', maxWidth: 560 }} data-testid={testId}>
        {children}
      </Card>
    </Flex>
  );
}
