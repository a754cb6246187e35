/**
 * The image captcha with antd's provider of its own, for pages that load no antd (the login
 * page): loaded only when the server first asks for a captcha.
 */
import { AntdProvider } from '@/components/antd-provider';
import { CaptchaModal } from './captcha-modal';

export function CaptchaDialog(props: Parameters<typeof CaptchaModal>[0]) {
  return (
    <AntdProvider>
      <CaptchaModal {...props} />
    </AntdProvider>
  );
}
