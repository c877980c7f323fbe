import { Hono, type Context } from 'hono';
import { PAGE_SIZE_MAX } from '../../../common/constants';
import { MESSAGES } from '../../../common/validation';
import type { AppEnv } from '../../env';
import { fail, positiveInt } from '../../lib/http';
import { getAgent, listAgents, parseSort, type ListParams } from './data';

/** Reads the common list parameters; anything malformed is ignored rather than refused. */
function listParams(c: Context<AppEnv>): ListParams {
  const q = c.req.query('q') ?? c.req.query('search');
  const limit = positiveInt(c.req.query('limit'));
  const offset = Number.parseInt(c.req.query('offset') ?? '', 10);
  return {
    q: q ?? null,
    categoryId: positiveInt(c.req.query('categoryId')),
    departmentId: positiveInt(c.req.query('departmentId')),
    sort: parseSort(c.req.query('sort')),
    limit: limit ? Math.min(limit, PAGE_SIZE_MAX) : PAGE_SIZE_MAX,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  };
}

async function page(c: Context<AppEnv>, params: ListParams) {
  const { agents, total } = await listAgents(c.env.DB, params);
  c.header('X-Total-Count', String(total));
  c.header('Access-Control-Expose-Headers', 'X-Total-Count');
  return c.json(agents);
}

export const agentsRoutes = new Hono<AppEnv>()
  .get('/', (c) => page(c, listParams(c)))
  .get('/search', (c) => page(c, { ...listParams(c), q: c.req.query('q') ?? '' }))
  .get('/category/:categoryId', (c) => {
    const categoryId = positiveInt(c.req.param('categoryId'));
    if (!categoryId) return fail(c, 404, 'Category not found');
    return page(c, { ...listParams(c), categoryId });
  })
  .get('/creator/:userId', (c) => {
    const creatorId = positiveInt(c.req.param('userId'));
    if (!creatorId) return fail(c, 404, 'User not found');
    return page(c, { ...listParams(c), creatorId });
  })
  .get('/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    const agent = id ? await getAgent(c.env.DB, id) : null;
    if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
    return c.json(agent);
  });
