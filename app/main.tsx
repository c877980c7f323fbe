import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './styles.css';

// Evaluating the modules and rendering the first screen run as two tasks rather than one long one,
// so a phone can handle a tap (or paint) in between.
setTimeout(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);
