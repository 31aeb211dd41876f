// Browser entry point: global styles, the stale-chunk guard, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { reloadOnStaleChunk } from './shared/lib/stale-chunk-reload';
import './styles/global.css';

reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
