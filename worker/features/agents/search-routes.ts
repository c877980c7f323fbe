// What search adds to the agents routes: the answer's headers and suggestions as you type.
import type { Context } from 'hono';
import { SEARCH_HEADERS } from '#common/search.ts';
import type { AppEnv } from '#worker/env.ts';
import type { AgentPage } from './data';

export { suggest } from './suggest';

/** Tells the page that misspelt words were replaced, or that results match only some words. */
export function searchHeaders(c: Context<AppEnv>, page: AgentPage): void {
  const exposed = ['X-Total-Count'];
  if (page.corrected) {
    c.header(SEARCH_HEADERS.corrected, encodeURIComponent(page.corrected));
    exposed.push(SEARCH_HEADERS.corrected);
  }
  if (page.anyTerm) {
    c.header(SEARCH_HEADERS.anyTerm, '1');
    exposed.push(SEARCH_HEADERS.anyTerm);
  }
  c.header('Access-Control-Expose-Headers', exposed.join(', '));
}
