import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  agentChangeSchema,
  agentSchemaOut,
  apiErrorSchema,
  okSchema,
  priceChangedSchema,
  searchHitSchema,
  suggestionSchema,
  tryResultSchema,
} from '#common/api-schemas.ts';
import { SPEND_LIMIT_MESSAGES } from '#common/api-tokens.ts';
import { PAGE_SIZE_MAX } from '#common/constants.ts';
import { TRY_NOT_CHARGED } from '#common/idempotency.ts';
import type { Agent, TryResult } from '#common/types.ts';
import { agentSchema, IDEMPOTENCY_KEY, MESSAGES, trySchema } from '#common/validation.ts';
import { creatorSharePercent, earningsHoldDays, type AppEnv } from '#worker/env.ts';
import { errorBody, fail, HttpError, pageParams, positiveInt } from '#worker/lib/http.ts';
import {
  callerKey,
  IDEMPOTENCY_KEY_REUSED,
  INVALID_IDEMPOTENCY_KEY,
  once,
  settleKey,
} from '#worker/lib/idempotency.ts';
import { agentReference, chargeOnce, findDebit, type DebitRecord } from '#worker/domain/credits/index.ts';
import {
  error,
  IDEMPOTENCY_KEY_HEADER,
  json,
  pathParam,
  POSITIVE_INT_MAX,
  route,
  TOTAL_COUNT,
} from '#worker/lib/openapi.ts';
import { idParam, jsonBody, lenientInt, oneOfText, pageQuery, validated } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { tryAtProvider } from '#worker/features/provider/index.ts';
import { noticeBudget } from '#worker/features/tokens/index.ts';
import { getCatalogAgent, getProviderAgent, listCatalog } from './catalog';
import { getAgent, parseSort, SORT_NAMES, type ListParams } from './data';
import { searchHeaders, suggest } from './search-routes';
import { agentChangesOf, agentOwner, AGENT_CHANGES_SHOWN, createAgent, deleteAgent, updateAgent } from './write';

/** Reads the common list parameters; malformed numbers are ignored, an unknown sort is a 400. */
function listParams(c: Context<AppEnv>): ListParams {
  const q = c.req.query('q') ?? c.req.query('search');
  const sortParam = c.req.query('sort');
  const sort = parseSort(sortParam);
  // 'relevance' is search's own order (its default); anything else unknown is refused, never looked up.
  if (sortParam && !sort && sortParam.toLowerCase() !== 'relevance') throw new HttpError(400, MESSAGES.sortInvalid);
  return {
    q: q ?? null,
    categoryId: positiveInt(c.req.query('categoryId')),
    departmentId: positiveInt(c.req.query('departmentId')),
    sort,
    ...pageParams(c, PAGE_SIZE_MAX, PAGE_SIZE_MAX),
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

const text = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));
/** The list parameters as listParams reads them, for the document and the one refusal (an unknown sort). */
const listQuery = v.object({
  q: text('Words to search for'),
  search: text('The same as q'),
  categoryId: lenientInt('Only this category (a malformed number is ignored)', 1, POSITIVE_INT_MAX),
  departmentId: lenientInt('Only this department (a malformed number is ignored)', 1, POSITIVE_INT_MAX),
  sort: oneOfText(
    [...SORT_NAMES, 'relevance'],
    'popular, newest, rating or reviews (and their other names), in any case; relevance (search only, its default)',
    (s) => s === '' || parseSort(s) !== null || s.toLowerCase() === 'relevance',
    MESSAGES.sortInvalid,
  ),
  ...pageQuery(PAGE_SIZE_MAX),
  exact: text('1: all words must match, no typo tolerance'),
});
const agentId = idParam('id', MESSAGES.agentNotFound);
const AGENT_NOT_FOUND = { 404: error('No such agent (or hidden by moderators)') };
const searchHeaders_ = {
  ...TOTAL_COUNT,
  'X-Search-Corrected': 'The query as corrected, URI-encoded, when misspelt words were replaced',
  'X-Search-Any-Term': '1 when results match only some words',
};

type OwnAgent = NonNullable<Awaited<ReturnType<typeof agentOwner>>>;
type TryTarget =
  { id: number; external: Agent; agent?: undefined } | { id: number; external?: undefined; agent: OwnAgent };

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
/** The try's ledger row under the key its caller sent ('try:<user id>:<key>' for a session: docs/decisions/0038). */
const ledgerKey = (c: Context<AppEnv>, key: string) => `try:${callerKey(c, key)}`;

function tryAnswer(c: Context<AppEnv>, agent: OwnAgent, debit: DebitRecord) {
  // A key is one try of one agent; reusing it for another agent would silently skip that charge.
  if (debit.reference !== agentReference(agent.id)) return fail(c, 409, IDEMPOTENCY_KEY_REUSED);
  const result: TryResult = { balance: debit.balance, consumed: debit.consumed, url: agent.external_url };
  return c.json(result);
}

export const agentsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag: 'agents',
      summary: 'List agents',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(v.array(agentSchemaOut), 'A page of agents', TOTAL_COUNT) },
    }),
    validated('query', listQuery),
    (c) => page(c, listParams(c)),
  )
  .get(
    '/search',
    route({
      tag: 'agents',
      summary: 'Search agents',
      description: 'Full-text search over every text field; typos forgiven, words highlighted.',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(v.array(searchHitSchema), 'A page of matches, best first', searchHeaders_) },
    }),
    validated('query', listQuery),
    (c) => page(c, { ...listParams(c), q: c.req.query('q') ?? '' }),
  )
  .get(
    '/suggest',
    route({
      tag: 'agents',
      summary: 'Suggestions as you type',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(v.array(suggestionSchema), 'Agents, categories and departments') },
    }),
    validated('query', v.object({ q: text('What was typed so far') })),
    async (c) => c.json(await suggest(c.env.DB, c.req.query('q') ?? '')),
  )
  .get(
    '/category/:categoryId',
    route({
      tag: 'agents',
      summary: "A category's agents",
      access: 'anyone',
      token: 'read',
      responses: {
        200: json(v.array(agentSchemaOut), 'A page of agents', TOTAL_COUNT),
        404: error('Category not found'),
      },
    }),
    idParam('categoryId', 'Category not found'),
    validated('query', listQuery),
    (c) => {
      const { categoryId } = c.req.valid('param');
      return page(c, { ...listParams(c), categoryId });
    },
  )
  .get(
    '/creator/:userId',
    route({
      tag: 'agents',
      summary: "A creator's agents",
      description: 'Creators also see their own agents that moderators hid, marked.',
      access: 'anyone',
      personal: true,
      token: 'read',
      responses: { 200: json(v.array(agentSchemaOut), 'A page of agents', TOTAL_COUNT), 404: error('User not found') },
    }),
    idParam('userId', 'User not found'),
    validated('query', listQuery),
    (c) => {
      const { userId: creatorId } = c.req.valid('param');
      // Creators see their own agents that moderators hid, marked as such.
      return page(c, { ...listParams(c), creatorId, includeHidden: c.var.user?.id === creatorId });
    },
  )
  .post(
    '/',
    route({
      tag: 'agents',
      summary: 'List a new agent',
      access: 'signed-in',
      responses: { 201: json(agentSchemaOut, 'The new agent') },
    }),
    requireUser,
    jsonBody(agentSchema),
    async (c) => {
      const id = await createAgent(c.env.DB, c.var.user!.id, c.req.valid('json'));
      // Its creator sees it, hidden or not.
      return c.json((await getAgent(c.env.DB, id, c.var.user))!, 201);
    },
  )
  .put(
    '/:id',
    route({
      tag: 'agents',
      summary: 'Change an agent',
      description:
        'Replaces the fields sent. Without imageUrl the cover is kept: it is uploaded and removed at /api/media/agents/{id}/cover.',
      access: 'signed-in',
      responses: {
        200: json(agentSchemaOut, 'The agent as changed'),
        403: error('Not its creator'),
        ...AGENT_NOT_FOUND,
      },
    }),
    requireUser,
    jsonBody(agentSchema),
    agentId,
    async (c) => {
      const { id } = c.req.valid('param');
      const agent = await agentOwner(c.env.DB, id);
      if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
      if (agent.creator_id !== c.var.user!.id) return fail(c, 403, MESSAGES.forbidden);
      // The body as sent (read again from Hono's cache): the parsed one cannot tell imageUrl left out from null.
      const sent = await c.req.json<Record<string, unknown>>();
      await updateAgent(c.env.DB, agent.id, c.var.user!.id, c.req.valid('json'), { keepCover: !('imageUrl' in sent) });
      return c.json((await getAgent(c.env.DB, agent.id, c.var.user))!);
    },
  )
  .delete(
    '/:id',
    route({
      tag: 'agents',
      summary: 'Delete an agent',
      access: 'signed-in',
      responses: { 200: json(okSchema, 'Deleted'), 403: error('Neither its creator nor an admin'), ...AGENT_NOT_FOUND },
    }),
    requireUser,
    agentId,
    async (c) => {
      const { id } = c.req.valid('param');
      const agent = await agentOwner(c.env.DB, id);
      if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
      const user = c.var.user!;
      if (agent.creator_id !== user.id && user.role !== 'admin') return fail(c, 403, MESSAGES.forbidden);
      await deleteAgent(c.env.DB, agent.id);
      return c.json({ ok: true as const });
    },
  )
  .post(
    '/:id/try',
    route({
      tag: 'tries',
      summary: 'Try an agent',
      description:
        'Charges its credits once per Idempotency-Key (creators try their own for free) and answers where to use it. A 402 charges nothing and has two meanings, told apart by its message: the balance is short (buy credits), or the token or connected app making the try would pass its monthly spending limit (its owner can raise it in Settings).',
      access: 'signed-in',
      token: 'try',
      parameters: [IDEMPOTENCY_KEY_HEADER],
      responses: {
        200: json(tryResultSchema, 'Charged: the balance after and where to use the agent'),
        400: json(
          v.union([priceChangedSchema, apiErrorSchema]),
          'Invalid input or Idempotency-Key, or a token’s try without expectedCost (creditCost is the price now)',
        ),
        402: error(
          'Not enough credits, or the try would pass the monthly spending limit of the token or connected app making it',
        ),
        ...AGENT_NOT_FOUND,
        409: json(
          v.union([priceChangedSchema, apiErrorSchema]),
          'The price changed since it was shown (creditCost is the new one), or the key is still being processed (ask again after Retry-After) or was used for another agent',
          {
            'Retry-After': {
              description: 'While the key is still being processed: seconds to wait',
              schema: { type: 'integer', minimum: 1 },
            },
          },
        ),
      },
    }),
    requireUser,
    jsonBody(trySchema),
    agentId,
    async (c) => {
      const target = await tryTarget(c);
      if (!target) return fail(c, 404, MESSAGES.agentNotFound);
      const { expectedCost } = c.req.valid('json');
      // A program pays the price it was shown, as a tap does (docs/decisions/0038): without one it is
      // told the price and charged nothing. The app always sends it; a session may still omit it.
      const listed = target.external ? target.external.creditCost : target.agent.credit_cost;
      if (expectedCost === undefined && c.var.tokenId)
        return c.json({ ...errorBody(MESSAGES.expectedCostRequired(listed)), creditCost: listed }, 400);
      return once(
        c,
        tryRequest(target),
        async (step) => {
          const user = c.var.user!;
          // docs/product.md#credits: the price is the one the person saw. Checked inside the key's run, so a
          // replay of a try that was charged still gets its first answer; a refusal frees the key.
          const isCreator = !target.external && target.agent.creator_id === user.id;
          if (expectedCost !== undefined && !isCreator && expectedCost !== listed) {
            // A repeat taking over a key whose try was charged before the change (its answer never kept:
            // the key's answer is written after the try answers) gets that try's answer, not a refusal.
            const own = target.external ? undefined : target.agent;
            const charged = step.key && own ? await findDebit(c.env.DB, user.id, ledgerKey(c, step.key)) : null;
            if (own && charged) return tryAnswer(c, own, charged);
            return c.json({ ...errorBody(MESSAGES.priceChanged(listed)), creditCost: listed }, 409);
          }
          // Provider mode: the provider's agents are counted and billed there; our own agents keep the ledger.
          if (target.external) return c.json(await tryAtProvider(c, target.external, step));
          const agent = target.agent;
          // docs/product.md#credits: creators try their own agents for free (a zero-amount ledger row).
          const cost = isCreator ? 0 : agent.credit_cost;
          const outcome = await chargeOnce(c.env.DB, {
            userId: user.id,
            amount: cost,
            key: ledgerKey(c, step.key ?? crypto.randomUUID()),
            reference: agentReference(agent.id),
            description: `Tried agent #${agent.id}`,
            // The creator's share goes in the debit's batch (docs/product.md#creators-and-earnings, docs/decisions/0029).
            earning: {
              creatorId: agent.creator_id,
              agentId: agent.id,
              sharePercent: creatorSharePercent(c.env),
              holdDays: earningsHoldDays(c.env),
            },
            // A program's token or connected app spends within its monthly limit; a browser session has none.
            credentialId: c.var.tokenId,
            // The key's claim rides in the debit's batch: one commit before the answer, not two.
            claim: step.claim,
          });
          // The owner hears when the credential's spending reaches 80 % and 100 % of its limit (docs/decisions/0042).
          await noticeBudget(c, outcome.budget, outcome.charged === null && outcome.refused === 'limit');
          if (outcome.charged) return tryAnswer(c, agent, outcome.charged);
          if (outcome.refused === 'limit') {
            const { name, limit, spent } = outcome.budget;
            return fail(c, 402, SPEND_LIMIT_MESSAGES.reached(name, limit, spent));
          }
          return fail(c, 402, MESSAGES.notEnoughCredits);
        },
        {
          voidedMessage: TRY_NOT_CHARGED,
          // The debit is keyed in the ledger, so the key's answer can be kept after the try answers.
          settleAfter: true,
          // A try at the provider does its work before any batch of ours, so it claims the key first.
          claimInEffect: !target.external,
        },
      );
    },
  )
  // A page reloaded while a try's answer was lost asks how it ended: the first answer, or 404 when
  // nothing was charged (and then never will be for that key). It never charges.
  .get(
    '/:id/try/:key',
    route({
      tag: 'tries',
      summary: 'How a try with this key ended',
      description:
        'For a page reloaded while the answer was lost: the first answer, or 404 when nothing was charged. Never charges.',
      access: 'signed-in',
      token: 'try',
      parameters: [
        pathParam('id', 'The agent'),
        pathParam('key', 'The Idempotency-Key the try was sent with', {
          type: 'string',
          pattern: IDEMPOTENCY_KEY.source,
        }),
      ],
      responses: {
        200: json(tryResultSchema, 'The first answer of that try'),
        400: error(INVALID_IDEMPOTENCY_KEY),
        404: error('No such agent, or nothing was charged for that key'),
        409: json(
          apiErrorSchema,
          'The key is still being processed (ask again after Retry-After), or was used for another request',
          {
            'Retry-After': {
              description: 'While the key is still being processed: seconds to wait',
              schema: { type: 'integer', minimum: 1 },
            },
          },
        ),
      },
    }),
    requireUser,
    async (c) => {
      const target = await tryTarget(c);
      if (!target) return fail(c, 404, MESSAGES.agentNotFound);
      const key = c.req.param('key');
      return settleKey(c, key, tryRequest(target), TRY_NOT_CHARGED, async (applied) => {
        if (target.external)
          return applied
            ? c.json(await tryAtProvider(c, target.external, { applied, markApplied: async () => {} }))
            : null;
        const debit = await findDebit(c.env.DB, c.var.user!.id, ledgerKey(c, key));
        return debit ? tryAnswer(c, target.agent, debit) : null;
      });
    },
  )
  .get(
    '/:id/changes',
    route({
      tag: 'agents',
      summary: "An agent's 'What's new' notes",
      description: `Its changelog, latest first: the ${AGENT_CHANGES_SHOWN} latest notes its creator's edits carried (whatsNew).`,
      access: 'anyone',
      personal: true,
      token: 'read',
      responses: { 200: json(v.array(agentChangeSchema), 'Latest first'), ...AGENT_NOT_FOUND },
    }),
    agentId,
    async (c) => {
      const { id } = c.req.valid('param');
      // Whoever may see the agent may read what changed in it (a hidden one: its creator and the moderators).
      const agent = await getCatalogAgent(c.env, id, c.var.user);
      if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
      // An agent with no note (the provider's too) has nothing to read.
      return c.json(agent.whatsNewAt ? await agentChangesOf(c.env.DB, id) : []);
    },
  )
  .get(
    '/:id',
    route({
      tag: 'agents',
      summary: 'An agent',
      access: 'anyone',
      personal: true,
      token: 'read',
      responses: { 200: json(agentSchemaOut, 'The agent'), ...AGENT_NOT_FOUND },
    }),
    agentId,
    async (c) => {
      const { id } = c.req.valid('param');
      const agent = await getCatalogAgent(c.env, id, c.var.user);
      if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
      return c.json(agent);
    },
  );
