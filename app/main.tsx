import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { FIRST_SCREEN_MAX_WAIT_MS } from './lib/first-screen';
import { preloadPage } from './routes';
import './styles.css';

const container = document.getElementById('root')!;
// The first screen renders hidden and appears whole once its data is in (app/lib/first-screen.ts).
// `opacity`, not `visibility` or `display`: style and layout happen in the small tasks of each mount
// step and pictures in view start loading, and since opacity is not inherited, showing the screen
// restyles one element rather than all of them (docs/decisions/0007). aria-busy tells assistive
// technology the content is not ready yet.
container.style.opacity = '0';
container.setAttribute('aria-busy', 'true');
let revealed = false;
const reveal = () => {
  if (revealed) return;
  revealed = true;
  container.style.opacity = '';
  container.removeAttribute('aria-busy');
  // The header bar index.html paints before any script; the app's own now stands in the same place.
  document.getElementById('app-shell')?.remove();
};
setTimeout(reveal, FIRST_SCREEN_MAX_WAIT_MS);
preloadPage(location.pathname);

// Evaluating the modules and rendering the first screen run as two tasks rather than one long one,
// so a phone can handle a tap (or paint) in between.
setTimeout(() => {
  createRoot(container).render(
    <StrictMode>
      <App onFirstScreen={reveal} />
    </StrictMode>,
  );
}, 0);
