import { Hono } from 'hono';
import { CREATOR_MESSAGES, CREATOR_SORTS, type CreatorSort } from '#common/creators.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail, positiveInt } from '#worker/lib/http.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { creatorPage, followedCreators, followerCount, isFollowing, newFromFollowed, publicProfileById, publicProfileByUsername, setFollowing } from './data';

/** 'New from creators you follow' on the home page: one row of cards. */
const NEW_FROM_FOLLOWED = 6;

export const parseCreatorSort = (value: string | undefined): CreatorSort =>
  (CREATOR_SORTS as readonly string[]).includes(value ?? '') ? (value as CreatorSort) : 'popular';

/** GET /api/creators/{username}: the public page's data (docs/product.md#creators-and-earnings). */
export const creatorsRoutes = new Hono<AppEnv>()
  .get('/:username', async (c) => {
    const page = await creatorPage(c.env.DB, c.req.param('username'), parseCreatorSort(c.req.query('sort')));
    if (!page) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
    return c.json(page);
  })
  // Whether the person asking follows this creator, and how many do: for the page's Follow button.
  .get('/:username/follow', async (c) => {
    const creator = await publicProfileByUsername(c.env.DB, c.req.param('username'));
    if (!creator) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
    const me = c.var.user;
    const [following, followers] = await Promise.all([me ? isFollowing(c.env.DB, me.id, creator.id) : false, followerCount(c.env.DB, creator.id)]);
    return c.json({ following, followers });
  });

/** /api/follows: whom the signed-in person follows; follow and unfollow are idempotent. */
export const followsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await followedCreators(c.env.DB, c.var.user!.id)))
  .get('/agents', async (c) => c.json(await newFromFollowed(c.env.DB, c.var.user!.id, NEW_FROM_FOLLOWED)))
  .put('/:creatorId', async (c) => {
    const id = positiveInt(c.req.param('creatorId'));
    const creator = id ? await publicProfileById(c.env.DB, id) : null;
    if (!creator) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
    if (creator.id === c.var.user!.id) return fail(c, 400, CREATOR_MESSAGES.followSelf);
    return c.json(await setFollowing(c.env.DB, c.var.user!.id, creator.id, true));
  })
  .delete('/:creatorId', async (c) => {
    const id = positiveInt(c.req.param('creatorId'));
    const creator = id ? await publicProfileById(c.env.DB, id) : null;
    if (!creator) return fail(c, 404, CREATOR_MESSAGES.creatorNotFound);
    return c.json(await setFollowing(c.env.DB, c.var.user!.id, creator.id, false));
  });
