/** Recovery codes, shown once after they are made: copy, download, and "I saved them". */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import './two-factor.css';

type Props = { codes: readonly string[]; onDone: () => void };

export function RecoveryCodes({ codes, onDone }: Props) {
  const { t } = useTranslation('security');
  const { message } = App.useApp();
  const text = codes.join('\n');
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => message.success(t('security.recoveryCopied')),
      () => message.error(t('security.recoveryCopyFailed')),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="two-factor-heading">
        {t('security.recoveryTitle')}
      </h2>
      <Alert type="warning" showIcon title={t('security.recoveryShownOnce')} style={{ marginBottom: 16 }} />
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={copy}>
          {t('security.recoveryCopy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('security.recoveryDownload')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('security.recoverySaved')}
        </Button>
      </Flex>
    </section>
  );
}
