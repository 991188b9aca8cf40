import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@shared/styles/reduced-motion.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startWithLocale } from '@shared/i18n/start-app.ts';
import { App } from './app/App.tsx';
import { preloadFirstPage } from './app/pages.ts';
import { loadDashboardCatalogue } from './i18n/catalogues.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
startWithLocale(
  loadDashboardCatalogue,
  root,
  () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  () => preloadFirstPage(window.location.pathname),
);
