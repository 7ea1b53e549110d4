// First: configures zod for the CSP before any schema is built.
import './lib/zodConfig';
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { resolveInitialRoutes } from './app/router';
import { registerServiceWorkerWhenSignedIn } from './lib/offline/serviceWorker';

// Inter, where src/hydrate.js has not asked for it already (a page the browser draws itself).
document.documentElement.classList.add('web-fonts');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The first page's chunks are in flight already (modulepreload); rendering waits for them so the
// page, not the start-up spinner, is the first thing drawn. A page the server prerendered
// (entry-server.tsx) is hydrated: its HTML is already on screen.
void resolveInitialRoutes(window.location.pathname).then(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

registerServiceWorkerWhenSignedIn();
