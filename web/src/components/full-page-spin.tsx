/** Shown while a shell or a lazy page loads. */
import { Flex, Spin } from 'antd';

export function FullPageSpin({ label }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }} role="status" aria-live="polite">
      <Spin size="large" aria-label={label} />
    </Flex>
  );
}
