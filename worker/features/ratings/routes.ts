import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { helpfulSchema, okSchema, ratingSchemaOut, ratingSummarySchema } from '#common/api-schemas.ts';
import { REVIEW_SORTS, type RatingSummary, type ReviewSort } from '#common/types.ts';
import { MESSAGES, replySchema, reviewSchema } from '#common/validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail, pageAnswer, pageParams, positiveInt } from '#worker/lib/http.ts';
import { once } from '#worker/lib/idempotency.ts';
import { error, IDEMPOTENCY_KEY_HEADER, json, pathParam, route, TOTAL_COUNT } from '#worker/lib/openapi.ts';
import { idParam, jsonBody, oneOfText, pageQuery, validated } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { agentOwner, getProviderAgent, maySeeHidden } from '#worker/features/agents/index.ts';
import {
  deleteRating,
  deleteReply,
  getRating,
  listRatings,
  ratingSummary,
  REVIEW_PAGE,
  REVIEW_PAGE_MAX,
  reviewContext,
  saveReply,
  setHelpful,
  upsertRating,
} from './data';

type ReviewContext = NonNullable<Awaited<ReturnType<typeof reviewContext>>>;

/** The review the path names, when the caller may see it (hidden ones only by their author and moderators). */
async function visibleReview(c: Context<AppEnv>): Promise<ReviewContext | null> {
  const id = positiveInt(c.req.param('id'));
  const review = id ? await reviewContext(c.env.DB, id) : null;
  if (!review) return null;
  if (review.agent_hidden_at && !maySeeHidden(review.creator_id, c.var.user)) return null;
  if (review.review_hidden_at && !maySeeHidden(review.author_id, c.var.user)) return null;
  return review;
}

/** Helpful marks and replies are for reviews everyone sees. */
const shownReview = async (c: Context<AppEnv>) => {
  const review = await visibleReview(c);
  return review && !review.review_hidden_at && !review.agent_hidden_at ? review : null;
};

/** Only the creator of the review's agent replies: the review, or the refusal (404, then 403). */
async function reviewToReply(c: Context<AppEnv>) {
  const review = await shownReview(c);
  if (!review) return { refused: fail(c, 404, MESSAGES.reviewNotFound) };
  if (review.creator_id !== c.var.user!.id) return { refused: fail(c, 403, MESSAGES.replyCreatorOnly) };
  return { review };
}

const reviewId = idParam('id', MESSAGES.reviewNotFound);
const REVIEW_NOT_FOUND = error(MESSAGES.reviewNotFound);
const helpfulDoc = (helpful: boolean) =>
  route({
    tag: 'reviews',
    summary: helpful ? 'Mark a review helpful' : 'Take back a helpful mark',
    description: 'Safe to repeat.',
    access: 'signed-in',
    responses: {
      200: json(helpfulSchema, 'The review’s helpful count and the caller’s mark'),
      403: error(helpful ? `${MESSAGES.ownHelpful}, or ${MESSAGES.confirmToVote}` : MESSAGES.ownHelpful),
      404: REVIEW_NOT_FOUND,
    },
  });

function helpfulRoute(helpful: boolean) {
  return async (c: Context<AppEnv>) => {
    const review = await shownReview(c);
    if (!review) return fail(c, 404, MESSAGES.reviewNotFound);
    const user = c.var.user!;
    if (review.author_id === user.id) return fail(c, 403, MESSAGES.ownHelpful);
    // Helpful counts order reviews for everyone: like reviews, they come from confirmed addresses
    // (docs/decisions/0038). Taking a mark back needs nothing.
    if (helpful && !user.emailVerified) return fail(c, 403, MESSAGES.confirmToVote);
    return c.json(await setHelpful(c.env.DB, review.id, user.id, helpful));
  };
}

export const ratingsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    route({
      tag: 'reviews',
      summary: 'Review an agent (or change your review)',
      description:
        'Only people who confirmed their address, never the agent’s creator. From the outbox with an Idempotency-Key, a repeat gets the first answer.',
      access: 'signed-in',
      parameters: [IDEMPOTENCY_KEY_HEADER],
      responses: {
        201: json(ratingSchemaOut, 'The new review'),
        200: json(ratingSchemaOut, 'The review, changed'),
        403: error('Your own agent, an address not confirmed, or a userId not yours'),
        404: error(MESSAGES.agentNotFound),
      },
    }),
    // docs/product.md#validation has its own wording for a visitor's review.
    async (c, next) => (c.var.user ? next() : fail(c, 401, MESSAGES.reviewLogin)),
    jsonBody(reviewSchema),
    async (c) => {
      const user = c.var.user!;
      const input = c.req.valid('json');
      // docs/product.md#security: an id in the body must be the caller's own.
      if (input.userId !== undefined && input.userId !== user.id) return fail(c, 403, MESSAGES.forbidden);
      // A review from the outbox (docs/decisions/0027) carries an Idempotency-Key: a repeat gets the first answer.
      return once(c, `POST /api/ratings ${input.agentId}`, async () => {
        const agent = await agentOwner(c.env.DB, input.agentId);
        if (!agent || (agent.hidden_at && agent.creator_id !== user.id)) return fail(c, 404, MESSAGES.agentNotFound);
        // docs/product.md#reviews: reviews count only from people who may give them.
        if (agent.creator_id === user.id) return fail(c, 403, MESSAGES.ownReview);
        if (!user.emailVerified) return fail(c, 403, MESSAGES.confirmToReview);
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
  )
  // The author deletes their own review; the agent's average and count follow in the same batch.
  .delete(
    '/:id',
    route({
      tag: 'reviews',
      summary: 'Delete your review',
      access: 'signed-in',
      responses: { 200: json(okSchema, 'Deleted'), 403: error('Not your review'), 404: REVIEW_NOT_FOUND },
    }),
    requireUser,
    reviewId,
    async (c) => {
      const review = await visibleReview(c);
      if (!review) return fail(c, 404, MESSAGES.reviewNotFound);
      if (review.author_id !== c.var.user!.id) return fail(c, 403, MESSAGES.forbidden);
      if (!(await deleteRating(c.env.DB, review.id, review.agent_id, review.author_id)))
        return fail(c, 404, MESSAGES.reviewNotFound);
      return c.json({ ok: true });
    },
  )
  // The creator's one public reply: PUT writes or replaces it.
  .put(
    '/:id/reply',
    route({
      tag: 'reviews',
      summary: "Write or replace the creator's reply",
      access: 'signed-in',
      responses: {
        200: json(ratingSchemaOut, 'The review with the reply replaced'),
        201: json(ratingSchemaOut, 'The review with its new reply'),
        403: error(MESSAGES.replyCreatorOnly),
        404: REVIEW_NOT_FOUND,
      },
    }),
    requireUser,
    jsonBody(replySchema),
    reviewId,
    async (c) => {
      const own = await reviewToReply(c);
      if (own.refused) return own.refused;
      const { review } = own;
      const userId = c.var.user!.id;
      const created = await saveReply(c.env.DB, review.id, userId, c.req.valid('json').body);
      return c.json((await getRating(c.env.DB, review.id, userId))!, created ? 201 : 200);
    },
  )
  .delete(
    '/:id/reply',
    route({
      tag: 'reviews',
      summary: "Delete the creator's reply",
      access: 'signed-in',
      responses: {
        200: json(okSchema, 'Deleted'),
        403: error(MESSAGES.replyCreatorOnly),
        404: error('No such review, or no reply'),
      },
    }),
    requireUser,
    reviewId,
    async (c) => {
      const own = await reviewToReply(c);
      if (own.refused) return own.refused;
      if (!(await deleteReply(c.env.DB, own.review.id))) return fail(c, 404, 'Reply not found');
      return c.json({ ok: true });
    },
  )
  // 'Helpful': PUT marks, DELETE takes the mark back; either is safe to repeat.
  .put('/:id/helpful', helpfulDoc(true), requireUser, reviewId, helpfulRoute(true))
  .delete('/:id/helpful', helpfulDoc(false), requireUser, reviewId, helpfulRoute(false));

/** The review order asked for: newest when none; null for an unknown one (a 400, as GET /api/agents answers). */
const reviewSort = (value: string | undefined): ReviewSort | null =>
  value === undefined || value === ''
    ? 'newest'
    : (REVIEW_SORTS as readonly string[]).includes(value)
      ? (value as ReviewSort)
      : null;

/** The path's agent number, and its agent (null when hidden from the caller). */
const target = async (c: Context<AppEnv>) => {
  const id = positiveInt(c.req.param('id'));
  const agent = id ? await agentOwner(c.env.DB, id) : null;
  if (agent && agent.hidden_at && !maySeeHidden(agent.creator_id, c.var.user)) return { id, agent: null };
  return { id, agent };
};

/** The agent of the path, read by positiveInt: anything else names no agent (404). */
const AGENT_PATH_ID = pathParam('id', 'The agent');

/** Provider mode's agents are rated at the provider: they get an empty list rather than a 404. */
const externalAgent = async (c: Context<AppEnv>, id: number) => (await getProviderAgent(c.env, id)) !== null;

/**
 * GET /api/agents/{id}/ratings and /summary, mounted at /agents by worker/app.ts as insights are:
 * mounted inside the agents feature, the two features would import each other.
 */
export const agentRatingsRoutes = new Hono<AppEnv>()
  // Declared for the typed client; malformed numbers are ignored below and an unknown sort is a 400,
  // as GET /api/agents does.
  .get(
    '/:id/ratings',
    route({
      tag: 'reviews',
      summary: "An agent's reviews",
      description: 'Hidden reviews only for their author and the moderators.',
      access: 'anyone',
      personal: true,
      token: 'read',
      parameters: [AGENT_PATH_ID],
      responses: {
        200: json(v.array(ratingSchemaOut), 'A page of reviews', TOTAL_COUNT),
        404: error(MESSAGES.agentNotFound),
      },
    }),
    validated(
      'query',
      v.object({
        sort: oneOfText(
          REVIEW_SORTS,
          `${REVIEW_SORTS.join(', ')} (default newest)`,
          (s) => reviewSort(s) !== null,
          MESSAGES.sortInvalid,
        ),
        ...pageQuery(REVIEW_PAGE_MAX),
      }),
    ),
    async (c) => {
      const sort = reviewSort(c.req.query('sort'));
      if (!sort) return fail(c, 400, MESSAGES.sortInvalid);
      const { id, agent } = await target(c);
      if (!agent) {
        // Provider agents are not rated here: an empty list rather than a 404 for their detail pages.
        if (id && (await externalAgent(c, id))) {
          c.header('X-Total-Count', '0');
          return c.json([]);
        }
        return fail(c, 404, MESSAGES.agentNotFound);
      }
      const page = await listRatings(c.env.DB, agent.id, {
        sort,
        ...pageParams(c, REVIEW_PAGE, REVIEW_PAGE_MAX),
        viewerId: c.var.user?.id ?? null,
      });
      return pageAnswer(c, page);
    },
  )
  .get(
    '/:id/ratings/summary',
    route({
      tag: 'reviews',
      summary: "An agent's reviews by star, and the caller's own",
      access: 'anyone',
      personal: true,
      token: 'read',
      parameters: [AGENT_PATH_ID],
      responses: {
        200: json(ratingSummarySchema, 'Counts by star and the caller’s review'),
        404: error(MESSAGES.agentNotFound),
      },
    }),
    async (c) => {
      const { id, agent } = await target(c);
      if (!agent) {
        if (id && (await externalAgent(c, id)))
          return c.json({ total: 0, average: 0, counts: [0, 0, 0, 0, 0], mine: null } satisfies RatingSummary);
        return fail(c, 404, MESSAGES.agentNotFound);
      }
      return c.json(await ratingSummary(c.env.DB, agent.id, c.var.user?.id ?? null));
    },
  );
