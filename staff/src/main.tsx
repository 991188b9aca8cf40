import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@shared/styles/reduced-motion.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startWithLocale } from '@shared/i18n/start-app.ts';
import { App } from './app/App.tsx';
import { preloadFirstScreen } from './app/screens.ts';
import { loadStaffCatalogue } from './i18n/catalogues.ts';
import { registerServiceWorker } from './features/offline/register-service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
startWithLocale(
  loadStaffCatalogue,
  root,
  () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  () => preloadFirstScreen(window.location.pathname),
);
registerServiceWorker();
