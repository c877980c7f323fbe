import { Hono } from 'hono';
import * as v from 'valibot';
import { asJsonSchema } from '#common/json-schema.ts';
import { insightsSchema } from '#common/api-schemas.ts';
import { MESSAGES } from '#common/validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, noContent, route } from '#worker/lib/openapi.ts';
import { idParam, validated } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { agentOwner } from '#worker/features/agents/index.ts';
import { sendPageView } from './page-views';
import { getInsights, INSIGHTS_DAYS_DEFAULT, INSIGHTS_DAYS_MAX, UTC_OFFSET_MAX_MINUTES } from './data';

export const INVALID_DAYS = `days must be a whole number from 1 to ${INSIGHTS_DAYS_MAX}`;
export const INVALID_UTC_OFFSET = 'utcOffset must be whole minutes east of UTC, from -720 to 840';
export const NOT_YOUR_AGENT = 'Only the creator of this agent can see its insights';
const UTC_OFFSET_MIN_MINUTES = -12 * 60;

/** The window and the creator's time zone, each refused in its own words. */
const insightsQuery = v.object({
  days: v.optional(
    v.pipe(
      v.string(INVALID_DAYS),
      v.regex(/^\d{1,15}$/, INVALID_DAYS),
      asJsonSchema({ type: 'integer', minimum: 1, maximum: INSIGHTS_DAYS_MAX }),
      v.transform(Number),
      v.check((n) => n >= 1 && n <= INSIGHTS_DAYS_MAX, INVALID_DAYS),
      v.description(`Days back, 1 to ${INSIGHTS_DAYS_MAX} (default ${INSIGHTS_DAYS_DEFAULT})`),
    ),
    String(INSIGHTS_DAYS_DEFAULT),
  ),
  utcOffset: v.optional(
    v.pipe(
      v.string(INVALID_UTC_OFFSET),
      v.regex(/^-?\d{1,4}$/, INVALID_UTC_OFFSET),
      asJsonSchema({ type: 'integer', minimum: UTC_OFFSET_MIN_MINUTES, maximum: UTC_OFFSET_MAX_MINUTES }),
      v.transform(Number),
      v.check((n) => n >= UTC_OFFSET_MIN_MINUTES && n <= UTC_OFFSET_MAX_MINUTES, INVALID_UTC_OFFSET),
      v.description('Minutes east of UTC, -720 to 840 (default 0)'),
    ),
    '0',
  ),
});

/** Mounted beside the agents' routes under /api/agents (docs/decisions/0029). */
export const insightsRoutes = new Hono<AppEnv>()
  .get(
    '/:id/insights',
    route({
      tag: 'earnings',
      summary: "An agent's insights, day by day",
      description:
        'For its creator: tries, people, credits, earnings, views and rating per day in their time zone, and the latest reviews.',
      access: 'signed-in',
      responses: {
        200: json(insightsSchema, 'One row per day, oldest first'),
        403: error(NOT_YOUR_AGENT),
        404: error(MESSAGES.agentNotFound),
      },
    }),
    requireUser,
    idParam('id', MESSAGES.agentNotFound),
    validated('query', insightsQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const { days, utcOffset: offset } = c.req.valid('query');
      const agent = await agentOwner(c.env.DB, id);
      if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
      if (agent.creator_id !== c.var.user!.id) return fail(c, 403, NOT_YOUR_AGENT);
      const [named] = (
        await c.env.DB.prepare('SELECT name FROM agents WHERE id = ?1').bind(agent.id).all<{ name: string }>()
      ).results;
      return c.json(await getInsights(c.env.DB, { id: agent.id, name: named?.name ?? '' }, days, offset));
    },
  )
  // A view of an agent page the app shows itself, or of a rendered one whose count the server left to
  // the page (a prefetched one: ./index.ts): anyone, signed in or not, but the agent's creator and a
  // hidden agent (not counted); only a count per hour is kept. Answered at once, the view sent to the
  // PAGE_VIEWS queue after the answer (docs/decisions/0047), so 204 says it was taken, not yet counted.
  .post(
    '/:id/views',
    route({
      tag: 'agents',
      summary: 'Count a view of an agent page',
      access: 'anyone',
      responses: { 204: noContent('Taken: counted within seconds'), 404: error(MESSAGES.agentNotFound) },
    }),
    idParam('id', MESSAGES.agentNotFound),
    async (c) => {
      const { id } = c.req.valid('param');
      await sendPageView(c, id, c.var.user?.id ?? null);
      return c.body(null, 204);
    },
  );
