import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import '@/styles/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { createStore } from '@/app/store';
import { initI18n } from '@/lib/i18n/i18n';
import { isLanguage, kDefaultLanguage } from '@/lib/i18n/languages';
import { logger } from '@/lib/logger';

const prefix = window.location.pathname.split('/')[1];
const language = isLanguage(prefix) ? prefix : kDefaultLanguage;

initI18n(language).catch((error: unknown) => logger.error('i18n failed to start', { error: String(error) }));

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App store={createStore()} />
  </StrictMode>,
);
