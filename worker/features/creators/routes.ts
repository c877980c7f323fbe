import { Hono } from 'hono';
import * as v from 'valibot';
import { agentSchemaOut, creatorPageSchema, followedCreatorSchema, followStateSchema } from '#common/api-schemas.ts';
import { MESSAGES } from '#common/validation.ts';
import { CREATOR_MESSAGES, CREATOR_SORTS, NEW_FROM_FOLLOWED, type CreatorSort } from '#common/creators.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { idParam, validated } from '#worker/lib/validator.ts';
import { ownList } from '#worker/lib/own-list.ts';
import { requireUser } from '#worker/middleware/session.ts';
import {
  creatorPage,
  followedCreators,
  followerCount,
  isFollowing,
  newFromFollowed,
  publicProfileById,
  publicProfileByUsername,
  setFollowing,
} from './data';

export const parseCreatorSort = (value: string | undefined): CreatorSort =>
  (CREATOR_SORTS as readonly string[]).includes(value ?? '') ? (value as CreatorSort) : 'popular';

/** GET /api/creators/{username}: the public page's data (docs/product.md#creators-and-earnings). */
export const creatorsRoutes = new Hono<AppEnv>()
  .get(
    '/:username',
    route({
      tag: 'creators',
      summary: "A creator's page: profile, totals and agents",
      access: 'anyone',
      responses: { 200: json(creatorPageSchema, 'The creator page'), 404: error(CREATOR_MESSAGES.creatorNotFound) },
    }),
    // An unknown sort is the default order, never refused.
    validated(
      'query',
      v.object({
        sort: v.optional(v.pipe(v.string(), v.description(`${CREATOR_SORTS.join(', ')} (default popular)`))),
      }),
    ),
    async (c) => {
      const page = await creatorPage(c.env.DB, c.req.param('username'), parseCreatorSort(c.req.query('sort')));
      if (!page) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
      return c.json(page);
    },
  )
  // Whether the person asking follows this creator, and how many do: for the page's Follow button.
  .get(
    '/:username/follow',
    route({
      tag: 'creators',
      summary: 'Whether the caller follows a creator, and how many do',
      access: 'anyone',
      personal: true,
      responses: {
        200: json(followStateSchema, 'Following and the follower count'),
        404: error(CREATOR_MESSAGES.creatorNotFound),
      },
    }),
    async (c) => {
      const creator = await publicProfileByUsername(c.env.DB, c.req.param('username'));
      if (!creator) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
      const me = c.var.user;
      const [following, followers] = await Promise.all([
        me ? isFollowing(c.env.DB, me.id, creator.id) : false,
        followerCount(c.env.DB, creator.id),
      ]);
      return c.json({ following, followers });
    },
  );

/** The creator a follow or an unfollow names: a creator that does not exist is a 404. */
const creatorParam = idParam('creatorId', CREATOR_MESSAGES.creatorNotFound);

/** /api/follows: whom the signed-in person follows; follow and unfollow are idempotent. */
export const followsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    '/',
    ...ownList(
      { tag: 'creators', summary: 'Creators the caller follows' },
      followedCreatorSchema,
      'Newest follow first',
      followedCreators,
    ),
  )
  .get(
    '/agents',
    ...ownList(
      { tag: 'creators', summary: 'New agents from creators the caller follows' },
      agentSchemaOut,
      'One row of cards',
      (d1, userId) => newFromFollowed(d1, userId, NEW_FROM_FOLLOWED),
    ),
  )
  .put(
    '/:creatorId',
    route({
      tag: 'creators',
      summary: 'Follow a creator',
      description: 'Safe to repeat.',
      access: 'signed-in',
      responses: {
        200: json(followStateSchema, 'Following'),
        400: error(CREATOR_MESSAGES.followSelf),
        403: error(MESSAGES.confirmToFollow),
        404: error(CREATOR_MESSAGES.creatorNotFound),
      },
    }),
    creatorParam,
    async (c) => {
      const { creatorId: id } = c.req.valid('param');
      const creator = await publicProfileById(c.env.DB, id);
      if (!creator) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
      if (creator.id === c.var.user!.id) return fail(c, 400, CREATOR_MESSAGES.followSelf);
      // Follower counts are public: like reviews, they come from confirmed addresses (docs/decisions/0038).
      if (!c.var.user!.emailVerified) return fail(c, 403, MESSAGES.confirmToFollow);
      return c.json(await setFollowing(c.env.DB, c.var.user!.id, creator.id, true));
    },
  )
  .delete(
    '/:creatorId',
    route({
      tag: 'creators',
      summary: 'Unfollow a creator',
      description: 'Safe to repeat.',
      access: 'signed-in',
      responses: { 200: json(followStateSchema, 'Not following'), 404: error(CREATOR_MESSAGES.creatorNotFound) },
    }),
    creatorParam,
    async (c) => {
      const { creatorId: id } = c.req.valid('param');
      const creator = await publicProfileById(c.env.DB, id);
      if (!creator) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
      return c.json(await setFollowing(c.env.DB, c.var.user!.id, creator.id, false));
    },
  );
