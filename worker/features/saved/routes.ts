import { Hono } from 'hono';
import * as v from 'valibot';
import { savedEntrySchema, savedStateSchema } from '#common/api-schemas.ts';
import { MESSAGES } from '#common/validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { idParam, jsonBody } from '#worker/lib/validator.ts';
import { ownList } from '#worker/lib/own-list.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { countSaved, listSaved, MAX_SAVED_AGENTS, saveAgent, unsaveAgent } from './data';

export const SAVED_LIMIT_MESSAGE = `You can keep at most ${MAX_SAVED_AGENTS} saved agents. Remove some to save more.`;
export const SAVED_TIME_MESSAGE = 'savedAt must be a time in milliseconds';

/** A save made on a device: when it was made there (kept as the save's time, never in the future). */
const saveBody = v.object({
  savedAt: v.optional(
    v.pipe(v.number(SAVED_TIME_MESSAGE), v.integer(SAVED_TIME_MESSAGE), v.minValue(0, SAVED_TIME_MESSAGE)),
  ),
});

/** The agent a save or an unsave names: an agent that does not exist is a 404. */
const agentParam = idParam('agentId', MESSAGES.agentNotFound);

/**
 * Saved agents of the signed-in person (docs/decisions/0027): the list every device merges with.
 * PUT and DELETE are idempotent by nature (a repeat changes nothing), so the outbox may send them
 * more than once.
 */
export const savedRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    '/',
    ...ownList({ tag: 'saved', summary: 'Your saved agents' }, savedEntrySchema, 'Newest save first', listSaved),
  )
  .put(
    '/:agentId',
    route({
      tag: 'saved',
      summary: 'Save an agent',
      description: 'Safe to repeat; savedAt is when the device saved it.',
      access: 'signed-in',
      responses: {
        200: json(savedStateSchema, 'Saved'),
        404: error(MESSAGES.agentNotFound),
        409: error(SAVED_LIMIT_MESSAGE),
      },
    }),
    jsonBody(saveBody),
    agentParam,
    async (c) => {
      const { agentId } = c.req.valid('param');
      const userId = c.var.user!.id;
      if ((await countSaved(c.env.DB, userId)) >= MAX_SAVED_AGENTS) return fail(c, 409, SAVED_LIMIT_MESSAGE);
      const savedAt = Math.min(c.req.valid('json').savedAt ?? Date.now(), Date.now());
      if (!(await saveAgent(c.env.DB, userId, agentId, savedAt))) return fail(c, 404, MESSAGES.agentNotFound);
      return c.json({ agentId, saved: true });
    },
  )
  .delete(
    '/:agentId',
    route({
      tag: 'saved',
      summary: 'Unsave an agent',
      description: 'Safe to repeat.',
      access: 'signed-in',
      responses: { 200: json(savedStateSchema, 'Not saved'), 404: error(MESSAGES.agentNotFound) },
    }),
    agentParam,
    async (c) => {
      const { agentId } = c.req.valid('param');
      await unsaveAgent(c.env.DB, c.var.user!.id, agentId);
      return c.json({ agentId, saved: false });
    },
  );
