/** The error page's content: antd's Result with a reload button (loaded on demand by RouteError). */
import { Button, Result } from 'antd';

export type ErrorResultProps = { title: string; description: string; reloadLabel: string };

export function ErrorResult({ title, description, reloadLabel }: ErrorResultProps) {
  return (
    <Result
      status="error"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={description}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {reloadLabel}
        </Button>
      }
    />
  );
}
