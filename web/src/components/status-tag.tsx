/**
 * A coloured status label. Solid tags with dark shades keep white text
 * above 4.5:1 contrast (antd's light preset tags do not). Plain markup
 * styled like antd's solid Tag (status-tag.css): the /h5 shell and the console show it too.
 */
import './status-tag.css';
import type { ReactNode } from 'react';

export type StatusTone =
  | 'success'
  | 'info'
  | 'warning'
  | 'error'
  | 'neutral'
  | 'purple'
  | 'cyan'
  | 'magenta'
  | 'orange';

const toneColor: Record<StatusTone, string> = {
  success: '#237804',
  info: '#0958d9',
  warning: '#874d00',
  error: '#cf1322',
  neutral: '#595959',
  purple: '#531dab',
  cyan: '#006d75',
  magenta: '#9e1068',
  orange: '#ad4e00',
};

export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span className="status-tag" style={{ background: toneColor[tone] }}>
      {children}
    </span>
  );
}
