import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import '@/styles/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { createStore } from '@/app/store';
import { initI18n } from '@/lib/i18n/i18n';
import { languageOfPath } from '@/lib/i18n/languages';
import { logger } from '@/lib/logger';

const language = languageOfPath(window.location.pathname);

initI18n(language).catch((error: unknown) => logger.error('i18n failed to start', { error: String(error) }));

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App store={createStore()} />
  </StrictMode>,
);
