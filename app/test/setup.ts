import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// What a test waits for (findBy…, waitFor) may take longer than the default second on a 2-core CI
// machine running the suites side by side: a lazily loaded dialog under load once did. A wait that
// never comes still fails, later.
configure({ asyncUtilTimeout: 5000 });

// Components read the session and config on mount; a test that does not mock fetch gets a visitor's
// answer instead of a real network call (happy-dom would dial localhost:3000).
globalThis.fetch = (async () =>
  new Response(JSON.stringify({ message: 'Please log in to continue', error: 'Please log in to continue' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  })) as typeof fetch;
