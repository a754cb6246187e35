/** Overseas /site/activate_success: where an opened activation link ends. */
import { Card, Flex } from 'antd';
import { ActivateSuccess } from '../components/activate-success';

export function ActivateSuccessPage() {
  return (
    <Flex justify="center" style={{ padding: '16px 0' }}>
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <ActivateSuccess />
      </Card>
    </Flex>
  );
}
