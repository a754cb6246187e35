import './lib/zod-jitless';
import 'antd/dist/reset.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

bootstrap().then(({ router, pendingSwitch }) => {
  createRoot(root).render(
    <StrictMode>
      <App router={router} pendingSwitch={pendingSwitch} />
    </StrictMode>,
  );
});
