/**
 * A button in plain markup drawn like antd's (styles.css: `plain-button`), with its loading
 * state (a spinning icon, no clicks), for pages that load no antd (the login page).
 */
import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'default' | 'primary' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
};

export function PlainButton({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  type = 'button',
  className,
  children,
  ...button
}: Props) {
  const classes = [
    'plain-button',
    `plain-button-${variant}`,
    size === 'large' ? 'plain-button-large' : null,
    block ? 'plain-button-block' : null,
    loading ? 'plain-button-loading' : null,
    className,
  ];
  return (
    <button type={type} {...button} aria-busy={loading || undefined} className={classes.filter(Boolean).join(' ')}>
      {loading ? <LoadingOutlined aria-hidden /> : null}
      {children}
    </button>
  );
}
