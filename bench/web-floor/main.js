// The floor of `npm run bench:web`: React 19 rendering one heading and a paragraph, built by the
// same Vite and served by the same server code as the portal. Nothing can load faster with React.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  return h(
    'main',
    { style: { fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '0 auto', padding: '2rem 1rem' } },
    h('h1', null, 'Flexible Hurricane Protection'),
    h('p', null, 'Parametric hurricane cover for Grenada and Dominica: payouts within 15 days of a qualifying storm.'),
  );
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(Page)));
