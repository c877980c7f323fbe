import { Hono } from 'hono';
import * as v from 'valibot';
import { asJsonSchema } from '#common/json-schema.ts';
import { moderationItemSchema } from '#common/api-schemas.ts';
import type { ReportItemType } from '#common/types.ts';
import { MESSAGES, moderationSchema, reportSchema } from '#common/validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail, pageAnswer, pageParams, positiveInt } from '#worker/lib/http.ts';
import { HOUR_MS, hit, tooMany } from '#worker/lib/throttle.ts';
import { error, ID_SCHEMA, json, route, throttled, TOTAL_COUNT } from '#worker/lib/openapi.ts';
import { jsonBody, pageQuery, positiveIntText, validated } from '#worker/lib/validator.ts';
import { requireRole, requireUser } from '#worker/middleware/session.ts';
import { maySeeHidden } from '#worker/features/agents/index.ts';
import {
  fileReport,
  moderate,
  moderationQueue,
  openReportsOnAgent,
  QUEUE_PAGE,
  QUEUE_PAGE_MAX,
  REPORTS_PER_HOUR,
  reportTarget,
  type QueueView,
} from './data';

const notFound = (type: ReportItemType) => (type === 'review' ? MESSAGES.reviewNotFound : MESSAGES.agentNotFound);

const AGENT_ID_MESSAGE = 'agentId must be an agent’s id';

/**
 * POST /api/reports: anyone signed in reports a review or an agent they can see. GET /api/reports/mine:
 * what of an agent's page they have reported and is still open, for its buttons to say 'Reported'.
 */
export const reportsRoutes = new Hono<AppEnv>()
  .get(
    '/mine',
    route({
      tag: 'moderation',
      summary: 'What of an agent’s page you have reported',
      description:
        'The agent and those of its reviews that the caller has an open report on (a second report of one is refused).',
      access: 'signed-in',
      responses: {
        200: json(
          v.array(v.object({ itemType: v.picklist(['review', 'agent']), itemId: v.number() })),
          'The items reported and still open, agent first',
        ),
        404: error(MESSAGES.agentNotFound),
      },
    }),
    requireUser,
    validated('query', v.object({ agentId: positiveIntText(AGENT_ID_MESSAGE) })),
    async (c) => {
      const user = c.var.user!;
      const { agentId } = c.req.valid('query');
      // An agent the caller cannot see is as missing as an unknown one.
      const agent = await reportTarget(c.env.DB, 'agent', agentId);
      if (!agent || (agent.hidden_at && !maySeeHidden(agent.author_id, user)))
        return fail(c, 404, MESSAGES.agentNotFound);
      return c.json(await openReportsOnAgent(c.env.DB, user.id, agentId));
    },
  )
  .post(
    '/',
    route({
      tag: 'moderation',
      summary: 'Report a review or an agent',
      access: 'signed-in',
      responses: {
        201: json(v.object({ id: v.number() }), 'Reported'),
        404: error('No such review or agent'),
        409: error(MESSAGES.reportDuplicate),
        429: throttled(MESSAGES.reportsThrottled),
      },
    }),
    requireUser,
    jsonBody(reportSchema),
    async (c) => {
      const user = c.var.user!;
      const input = c.req.valid('json');
      const target = await reportTarget(c.env.DB, input.itemType, input.itemId);
      if (!target || ((target.hidden_at || target.agent_hidden_at) && !maySeeHidden(target.author_id, user)))
        return fail(c, 404, notFound(input.itemType));
      // Counted per account (a report needs one), whether or not it is stored: a flood costs its sender.
      if ((await hit(c.env.DB, `report:${user.id}`, { windowMs: HOUR_MS })) > REPORTS_PER_HOUR) {
        return tooMany(c, MESSAGES.reportsThrottled, HOUR_MS);
      }
      const filed = await fileReport(c.env.DB, {
        itemType: input.itemType,
        itemId: input.itemId,
        userId: user.id,
        reason: input.reason,
        details: input.details ?? null,
      });
      if (filed === 'duplicate') return fail(c, 409, MESSAGES.reportDuplicate);
      return c.json({ id: filed.id }, 201);
    },
  );

const VIEW_MESSAGE = 'view must be open or hidden';

/** The moderation queue: staff and admins only (docs/product.md#reviews). */
export const moderationRoutes = new Hono<AppEnv>()
  .use(requireRole('staff', 'admin'))
  .get(
    '/',
    route({
      tag: 'moderation',
      summary: 'The moderation queue',
      access: 'staff',
      responses: {
        200: json(v.array(moderationItemSchema), 'Reported or hidden items, their reports grouped', TOTAL_COUNT),
      },
    }),
    validated(
      'query',
      v.object({
        view: v.optional(
          v.pipe(v.picklist(['open', 'hidden'], VIEW_MESSAGE), v.description('open (default) or hidden')),
        ),
        ...pageQuery(QUEUE_PAGE_MAX),
      }),
    ),
    async (c) => {
      const view = c.req.query('view') ?? 'open';
      if (view !== 'open' && view !== 'hidden') return fail(c, 400, VIEW_MESSAGE);
      const { limit, offset } = pageParams(c, QUEUE_PAGE, QUEUE_PAGE_MAX);
      return pageAnswer(c, await moderationQueue(c.env.DB, view as QueueView, limit, offset));
    },
  )
  .post(
    '/:itemType/:itemId',
    route({
      tag: 'moderation',
      summary: 'Hide, restore or dismiss the reports of an item',
      access: 'staff',
      responses: {
        200: json(
          v.object({
            itemType: v.picklist(['review', 'agent']),
            itemId: v.number(),
            action: v.picklist(['hide', 'restore', 'dismiss']),
            hidden: v.boolean(),
          }),
          'Done',
        ),
        404: error('No such review or agent'),
      },
    }),
    jsonBody(moderationSchema),
    validated(
      'param',
      v.object({
        itemType: v.picklist(['review', 'agent'], MESSAGES.notFound),
        itemId: v.pipe(v.string(), asJsonSchema(ID_SCHEMA), v.description('The review’s or agent’s id')),
      }),
      404,
    ),
    async (c) => {
      const type = c.req.param('itemType');
      if (type !== 'review' && type !== 'agent') return fail(c, 404, MESSAGES.notFound);
      const id = positiveInt(c.req.valid('param').itemId);
      const target = id ? await reportTarget(c.env.DB, type, id) : null;
      if (!target) return fail(c, 404, notFound(type));
      const { action } = c.req.valid('json');
      await moderate(c.env.DB, { itemType: type, itemId: target.id, agentId: target.agent_id }, action, c.var.user!.id);
      const after = await reportTarget(c.env.DB, type, target.id);
      return c.json({ itemType: c.req.valid('param').itemType, itemId: target.id, action, hidden: !!after?.hidden_at });
    },
  );
