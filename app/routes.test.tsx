import { describe, expect, it, vi } from 'vitest';
import { preloadPage } from './routes';

// Each page module records that it was loaded; nothing renders here.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./routes/credits', () => (loaded.add('credits'), { default: () => null }));
vi.mock('./routes/agent-detail', () => (loaded.add('agent-detail'), { default: () => null }));
vi.mock('./routes/not-found', () => (loaded.add('not-found'), { default: () => null }));
vi.mock('./routes/discover', () => (loaded.add('discover'), { default: () => null }));

describe('preloadPage', () => {
  it('starts loading the code of the page a path opens, as the router matches it', async () => {
    preloadPage('/credits');
    preloadPage('/agents/27');
    preloadPage('/Discover/');
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(['agent-detail', 'credits', 'discover']));
  });

  it('loads the not-found page for an unknown path', async () => {
    preloadPage('/no-such-page');
    await vi.waitFor(() => expect(loaded.has('not-found')).toBe(true));
  });
});
