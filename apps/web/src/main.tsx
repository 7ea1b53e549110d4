// Latin only: every string the portal shows (English, with é, ë, ’, – and ·) is in the Latin
// subset; the per-weight files (400.css...) would also ship Cyrillic, Greek, Vietnamese and Latin Extended.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
