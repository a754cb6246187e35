/**
 * The one h1 of a page with its one-line purpose and optional actions. In
 * the mobile shell the NavBar shows the title, so the h1 is for assistive
 * technology only. Plain markup (styles.css), shared by the desktop and the
 * /h5 shell.
 */
import type { ReactNode } from 'react';
import { useShellKind } from './shell-context';

type Props = { title: ReactNode; description?: ReactNode; extra?: ReactNode };

export function PageHeader({ title, description, extra }: Props) {
  const h5 = useShellKind() === 'h5';
  return (
    <header className={h5 ? 'page-header page-header-h5' : 'page-header'}>
      <div style={{ minWidth: 0 }}>
        <h1 className={h5 ? 'page-header-title visually-hidden' : 'page-header-title'}>{title}</h1>
        {description ? <p className="page-header-description">{description}</p> : null}
      </div>
      {extra ? <div>{extra}</div> : null}
    </header>
  );
}
