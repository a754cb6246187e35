import 'antd/dist/reset.css';
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';
import { consoleI18n } from './i18n/console-i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from console.html');
document.documentElement.lang = consoleI18n.language;
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
