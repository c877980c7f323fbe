import { Hono } from 'hono';
import { MESSAGES, reviewSchema } from '../../../common/validation';
import type { AppEnv } from '../../env';
import { fail } from '../../lib/http';
import { once } from '../../lib/idempotency';
import { jsonBody } from '../../lib/validator';
import { upsertRating } from './data';

export const ratingsRoutes = new Hono<AppEnv>().post(
  '/',
  // SPEC §5 has its own wording for a visitor's review.
  async (c, next) => (c.var.user ? next() : fail(c, 401, MESSAGES.reviewLogin)),
  jsonBody(reviewSchema),
  async (c) => {
    const user = c.var.user!;
    const input = c.req.valid('json');
    // DESIGN decision 3: an id in the body must be the caller's own.
    if (input.userId !== undefined && input.userId !== user.id) return fail(c, 403, MESSAGES.forbidden);
    // A review from the outbox (docs/decisions/0027) carries an Idempotency-Key: a repeat gets the first answer.
    return once(c, `POST /api/ratings ${input.agentId}`, async () => {
      const saved = await upsertRating(c.env.DB, {
        agentId: input.agentId,
        userId: user.id,
        rating: input.rating,
        comment: input.comment ?? null,
      });
      if (!saved) return fail(c, 404, MESSAGES.agentNotFound);
      return c.json(saved.rating, saved.created ? 201 : 200);
    });
  },
);
