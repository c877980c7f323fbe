import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { FIRST_SCREEN_MAX_WAIT_MS } from './lib/first-screen';
import './styles.css';

const container = document.getElementById('root')!;
// The first screen renders hidden and appears whole once its data is in (app/lib/first-screen.ts).
// `visibility`, not `display`: style and layout then happen in the small tasks of each mount step,
// pictures in view start loading, and showing it is a paint rather than one long layout.
container.style.visibility = 'hidden';
let revealed = false;
const reveal = () => {
  if (revealed) return;
  revealed = true;
  container.style.visibility = '';
};
setTimeout(reveal, FIRST_SCREEN_MAX_WAIT_MS);

// Evaluating the modules and rendering the first screen run as two tasks rather than one long one,
// so a phone can handle a tap (or paint) in between.
setTimeout(() => {
  createRoot(container).render(
    <StrictMode>
      <App onFirstScreen={reveal} />
    </StrictMode>,
  );
}, 0);
