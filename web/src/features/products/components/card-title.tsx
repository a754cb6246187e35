/** The level-2 heading of a product-centre card, with its icon. */
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export function CardTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex gap={8} align="center">
      {icon}
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {children}
      </Typography.Title>
    </Flex>
  );
}
