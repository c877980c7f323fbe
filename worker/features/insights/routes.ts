import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { insightsSchema } from '../../../common/api-schemas';
import { MESSAGES } from '../../../common/validation';
import type { AppEnv } from '../../env';
import { fail, positiveInt } from '../../lib/http';
import { error, json, noContent, route } from '../../lib/openapi';
import { idParam, validated } from '../../lib/validator';
import { requireUser } from '../../middleware/session';
import { agentOwner } from '../agents/write';
import { countView, getInsights, INSIGHTS_DAYS_DEFAULT, INSIGHTS_DAYS_MAX, UTC_OFFSET_MAX_MINUTES } from './data';

export const INVALID_DAYS = `days must be a whole number from 1 to ${INSIGHTS_DAYS_MAX}`;
export const INVALID_UTC_OFFSET = 'utcOffset must be whole minutes east of UTC, from -720 to 840';
export const NOT_YOUR_AGENT = 'Only the creator of this agent can see its insights';

/** Mounted beside the agents' routes under /api/agents (docs/decisions/0029). */
export const insightsRoutes = new Hono<AppEnv>()
  .get(
    '/:id/insights',
    route({
      tag: 'earnings',
      summary: "An agent's insights, day by day",
      description: 'For its creator: tries, people, credits, earnings, views and rating per day in their time zone, and the latest reviews.',
      access: 'signed-in',
      responses: { 200: json(insightsSchema, 'One row per day, oldest first'), 403: error(NOT_YOUR_AGENT), 404: error(MESSAGES.agentNotFound) },
    }),
    requireUser,
    // For the document: the checks below answer in our own words.
    validated(
      'query',
      v.object({
        days: v.optional(v.pipe(v.string(), v.description(`Days back, 1 to ${INSIGHTS_DAYS_MAX} (default ${INSIGHTS_DAYS_DEFAULT})`))),
        utcOffset: v.optional(v.pipe(v.string(), v.description('Minutes east of UTC, -720 to 840 (default 0)'))),
      }),
    ),
    // A validator so the typed client knows the query; the checks answer in our own words.
    validator('query', (query: Partial<Record<'days' | 'utcOffset', string>>, c) => {
      const days = query.days === undefined ? INSIGHTS_DAYS_DEFAULT : positiveInt(query.days);
      if (!days || days > INSIGHTS_DAYS_MAX) return fail(c, 400, INVALID_DAYS);
      const raw = query.utcOffset ?? '0';
      const utcOffset = /^-?\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!(utcOffset >= -12 * 60 && utcOffset <= UTC_OFFSET_MAX_MINUTES)) return fail(c, 400, INVALID_UTC_OFFSET);
      return { days, utcOffset };
    }),
    async (c) => {
    const id = positiveInt(c.req.param('id'));
    const { days, utcOffset: offset } = c.req.valid('query');
    const agent = id ? await agentOwner(c.env.DB, id) : null;
    if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
    if (agent.creator_id !== c.var.user!.id) return fail(c, 403, NOT_YOUR_AGENT);
    const [named] = (await c.env.DB.prepare('SELECT name FROM agents WHERE id = ?1').bind(agent.id).all<{ name: string }>()).results;
    return c.json(await getInsights(c.env.DB, { id: agent.id, name: named?.name ?? '' }, days, offset));
  },
  )
  // The agent page's view beacon: anyone, signed in or not; only a count per hour is kept.
  .post(
    '/:id/views',
    route({ tag: 'agents', summary: 'Count a view of an agent page', access: 'anyone', responses: { 204: noContent('Counted'), 404: error(MESSAGES.agentNotFound) } }),
    idParam('id', MESSAGES.agentNotFound),
    async (c) => {
    const id = positiveInt(c.req.param('id'));
    if (!id) return fail(c, 404, MESSAGES.agentNotFound);
    await countView(c.env.DB, id);
    return c.body(null, 204);
  },
  );
