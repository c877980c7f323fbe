import { Hono } from 'hono';
import { MESSAGES, reviewSchema } from '../../../common/validation';
import type { AppEnv } from '../../env';
import { fail } from '../../lib/http';
import { jsonBody } from '../../lib/validator';
import { upsertRating } from './data';

export const ratingsRoutes = new Hono<AppEnv>().post(
  '/',
  async (c, next) => (c.var.user ? next() : fail(c, 401, MESSAGES.reviewLogin)),
  jsonBody(reviewSchema),
  async (c) => {
  const user = c.var.user!;
  const input = c.req.valid('json');
  // DESIGN decision 3: an id in the body must be the caller's own.
  if (input.userId !== undefined && input.userId !== user.id) return fail(c, 403, MESSAGES.forbidden);
  const agent = await c.env.DB.prepare('SELECT 1 AS ok FROM agents WHERE id = ?').bind(input.agentId).first();
  if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
  const { rating, created } = await upsertRating(c.env.DB, {
    agentId: input.agentId,
    userId: user.id,
    rating: input.rating,
    comment: input.comment ?? null,
  });
  return c.json(rating, created ? 201 : 200);
  },
);
