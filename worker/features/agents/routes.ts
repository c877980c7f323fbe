import { Hono, type Context } from 'hono';
import { PAGE_SIZE_MAX } from '#common/constants.ts';
import type { Agent, TryResult } from '#common/types.ts';
import { agentSchema, MESSAGES, trySchema } from '#common/validation.ts';
import { creatorSharePercent, earningsHoldDays, type AppEnv } from '#worker/env.ts';
import { errorBody, fail, HttpError, positiveInt } from '#worker/lib/http.ts';
import { once, settleKey } from '#worker/lib/idempotency.ts';
import { debitOnce, findDebit, IDEMPOTENCY_KEY_REUSED, type DebitRecord } from '#worker/lib/ledger.ts';
import { jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { tryAtProvider } from '#worker/features/provider/index.ts';
import { agentRatingsRoutes } from '#worker/features/ratings/index.ts';
import { getCatalogAgent, getProviderAgent, listCatalog } from './catalog';
import { getAgent, parseSort, type ListParams } from './data';
import { searchHeaders, suggest } from './search-routes';
import { agentOwner, createAgent, deleteAgent, updateAgent } from './write';

/** Reads the common list parameters; malformed numbers are ignored, an unknown sort is a 400. */
function listParams(c: Context<AppEnv>): ListParams {
  const q = c.req.query('q') ?? c.req.query('search');
  const sortParam = c.req.query('sort');
  const sort = parseSort(sortParam);
  // 'relevance' is search's own order (its default); anything else unknown is refused, never looked up.
  if (sortParam && !sort && sortParam.toLowerCase() !== 'relevance') throw new HttpError(400, MESSAGES.sortInvalid);
  const limit = positiveInt(c.req.query('limit'));
  const offset = Number.parseInt(c.req.query('offset') ?? '', 10);
  return {
    q: q ?? null,
    categoryId: positiveInt(c.req.query('categoryId')),
    departmentId: positiveInt(c.req.query('departmentId')),
    sort,
    limit: limit ? Math.min(limit, PAGE_SIZE_MAX) : PAGE_SIZE_MAX,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
    exact: c.req.query('exact') === '1',
  };
}

async function page(c: Context<AppEnv>, params: ListParams) {
  const result = await listCatalog(c.env, params);
  const { agents, total } = result;
  c.header('X-Total-Count', String(total));
  searchHeaders(c, result);
  return c.json(agents);
}

type OwnAgent = NonNullable<Awaited<ReturnType<typeof agentOwner>>>;
type TryTarget = { id: number; external: Agent; agent?: undefined } | { id: number; external?: undefined; agent: OwnAgent };

/** The agent a try is for: the provider's (provider mode) or our own; null when neither exists. */
async function tryTarget(c: Context<AppEnv>): Promise<TryTarget | null> {
  const id = positiveInt(c.req.param('id'));
  if (!id) return null;
  const external = await getProviderAgent(c.env, id);
  if (external) return { id, external };
  const agent = await agentOwner(c.env.DB, id);
  // An agent hidden by moderators can be tried only by its creator (docs/decisions/0025).
  if (agent?.hidden_at && agent.creator_id !== c.var.user?.id) return null;
  return agent ? { id, agent } : null;
}

/** What an Idempotency-Key of a try stands for: one try of one agent. */
const tryRequest = (target: TryTarget) => `POST /api/agents/${target.id}/try`;
const ledgerKey = (userId: number, key: string) => `try:${userId}:${key}`;

function tryAnswer(c: Context<AppEnv>, agent: OwnAgent, debit: DebitRecord) {
  // A key is one try of one agent; reusing it for another agent would silently skip that charge.
  if (debit.reference !== `agent:${agent.id}`) return fail(c, 409, IDEMPOTENCY_KEY_REUSED);
  const result: TryResult = { balance: debit.balance, consumed: debit.consumed, url: agent.external_url };
  return c.json(result);
}

export const agentsRoutes = new Hono<AppEnv>()
  .get('/', (c) => page(c, listParams(c)))
  .get('/search', (c) => page(c, { ...listParams(c), q: c.req.query('q') ?? '' }))
  .get('/suggest', async (c) => c.json(await suggest(c.env.DB, c.req.query('q') ?? '')))
  .get('/category/:categoryId', (c) => {
    const categoryId = positiveInt(c.req.param('categoryId'));
    if (!categoryId) return fail(c, 404, 'Category not found');
    return page(c, { ...listParams(c), categoryId });
  })
  .get('/creator/:userId', (c) => {
    const creatorId = positiveInt(c.req.param('userId'));
    if (!creatorId) return fail(c, 404, 'User not found');
    // Creators see their own agents that moderators hid, marked as such.
    return page(c, { ...listParams(c), creatorId, includeHidden: c.var.user?.id === creatorId });
  })
  .post('/', requireUser, jsonBody(agentSchema), async (c) => {
    const id = await createAgent(c.env.DB, c.var.user!.id, c.req.valid('json'));
    return c.json(await getAgent(c.env.DB, id, c.var.user), 201);
  })
  .put('/:id', requireUser, jsonBody(agentSchema), async (c) => {
    const id = positiveInt(c.req.param('id'));
    const agent = id ? await agentOwner(c.env.DB, id) : null;
    if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
    if (agent.creator_id !== c.var.user!.id) return fail(c, 403, MESSAGES.forbidden);
    await updateAgent(c.env.DB, agent.id, c.var.user!.id, c.req.valid('json'));
    return c.json(await getAgent(c.env.DB, agent.id, c.var.user));
  })
  .delete('/:id', requireUser, async (c) => {
    const id = positiveInt(c.req.param('id'));
    const agent = id ? await agentOwner(c.env.DB, id) : null;
    if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
    const user = c.var.user!;
    if (agent.creator_id !== user.id && user.role !== 'admin') return fail(c, 403, MESSAGES.forbidden);
    await deleteAgent(c.env.DB, agent.id);
    return c.json({ ok: true });
  })
  // Reviews of an agent: GET /:id/ratings (paged and sorted) and /:id/ratings/summary.
  .route('/', agentRatingsRoutes(async (c, id) => (await getProviderAgent(c.env, id)) !== null))
  .post('/:id/try', requireUser, jsonBody(trySchema), async (c) => {
    const target = await tryTarget(c);
    if (!target) return fail(c, 404, MESSAGES.agentNotFound);
    const { expectedCost } = c.req.valid('json');
    return once(c, tryRequest(target), async (step) => {
      const user = c.var.user!;
      // docs/product.md#credits: the price is the one the person saw. Checked inside the key's run, so a
      // replay of a try that was charged still gets its first answer; a refusal frees the key.
      const listed = target.external ? target.external.creditCost : target.agent.credit_cost;
      const isCreator = !target.external && target.agent.creator_id === user.id;
      if (expectedCost !== undefined && !isCreator && expectedCost !== listed) {
        return c.json({ ...errorBody(MESSAGES.priceChanged(listed)), creditCost: listed }, 409);
      }
      // Provider mode: the provider's agents are counted and billed there; our own agents keep the ledger.
      if (target.external) return c.json(await tryAtProvider(c, target.external, step));
      const agent = target.agent;
      // docs/product.md#credits: creators try their own agents for free (a zero-amount ledger row).
      const cost = isCreator ? 0 : agent.credit_cost;
      const debit = await debitOnce(c.env.DB, {
        userId: user.id,
        amount: cost,
        key: ledgerKey(user.id, step.key ?? crypto.randomUUID()),
        reference: `agent:${agent.id}`,
        description: `Tried agent #${agent.id}`,
        // The creator's share goes in the debit's batch (docs/product.md#creators-and-earnings, docs/decisions/0029).
        earning: { creatorId: agent.creator_id, agentId: agent.id, sharePercent: creatorSharePercent(c.env), holdDays: earningsHoldDays(c.env) },
      });
      if (!debit) return fail(c, 402, MESSAGES.notEnoughCredits);
      return tryAnswer(c, agent, debit);
    });
  })
  // A page reloaded while a try's answer was lost asks how it ended: the first answer, or 404 when
  // nothing was charged (and then never will be for that key). It never charges.
  .get('/:id/try/:key', requireUser, async (c) => {
    const target = await tryTarget(c);
    if (!target) return fail(c, 404, MESSAGES.agentNotFound);
    const key = c.req.param('key');
    return settleKey(c, key, tryRequest(target), async (applied) => {
      if (target.external) return applied ? c.json(await tryAtProvider(c, target.external, { applied, markApplied: async () => {} })) : null;
      const debit = await findDebit(c.env.DB, c.var.user!.id, ledgerKey(c.var.user!.id, key));
      return debit ? tryAnswer(c, target.agent, debit) : null;
    });
  })
  .get('/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    const agent = id ? await getCatalogAgent(c.env, id, c.var.user) : null;
    if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
    return c.json(agent);
  });
