/** Shows how a trade change ended: `done` on success, the refusal's text on failure. */
import { App } from 'antd';
import { useErrorText } from '@/components/use-error-text';

export function useReport(): (change: Promise<unknown>, done: string) => Promise<void> {
  const { message } = App.useApp();
  const errorText = useErrorText();
  return (change, done) =>
    change.then(
      () => void message.success(done),
      (e: unknown) => void message.error(errorText(e)),
    );
}
