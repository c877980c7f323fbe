import { eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { CREATOR_MESSAGES } from '#common/creators.ts';
import { MESSAGES } from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import * as v from 'valibot';
import { IMAGE_MAX_BYTES } from '#common/creators.ts';
import { error, imageUpload, json, route } from '#worker/lib/openapi.ts';
import { idParam } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { agentPictures, setAgentPictures } from '#worker/features/agents/index.ts';
import { checkedImage, MEDIA_KEY, mediaBucket, removeUnused, storeImage } from './store';

/** The form fields of an upload (multipart/form-data); anything else is no picture at all. */
async function formFields(req: Request): Promise<FormData | null> {
  if (!req.headers.get('Content-Type')?.toLowerCase().startsWith('multipart/form-data')) return null;
  return req.formData().catch(() => null);
}

type CoverEnv = AppEnv & {
  Variables: { agent: NonNullable<Awaited<ReturnType<typeof agentPictures>>> & { id: number } };
};
/**
 * Only an agent's creator changes its cover: 404 for no such agent, 403 for someone else's, before
 * the body is read (someone else's agent gets nothing stored, however good the file). The agent's
 * id and pictures are then `c.var.agent`.
 */
const ownAgent: MiddlewareHandler<CoverEnv> = async (c, next) => {
  const id = Number(c.req.param('id'));
  const agent = await agentPictures(c.env.DB, id);
  if (!agent) return fail(c, 404, MESSAGES.agentNotFound);
  if (agent.creatorId !== c.var.user!.id) return fail(c, 403, CREATOR_MESSAGES.imageOwner);
  c.set('agent', { id, ...agent });
  await next();
};
/** What the cover routes check, in order, and what they refuse for it. */
const coverGuards = [requireUser, idParam('id', MESSAGES.agentNotFound), ownAgent] as const;
const COVER_REFUSALS = { 403: error(CREATOR_MESSAGES.imageOwner), 404: error(MESSAGES.agentNotFound) };

/**
 * Uploads (docs/decisions/0028): a person's own profile picture, and the cover of an agent they
 * created. Every file is checked before anything is stored; the replaced picture is removed.
 */
export const mediaUploadRoutes = new Hono<AppEnv>()
  .put(
    '/profile-picture',
    route({
      tag: 'account',
      summary: 'Upload your profile picture',
      access: 'signed-in',
      requestBody: imageUpload({ picture: `A PNG, JPEG or WebP image, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB` }, [
        'picture',
      ]),
      responses: {
        200: json(v.object({ profilePicture: v.string() }), 'Its address'),
        400: error('Not an image this site takes'),
      },
    }),
    requireUser,
    async (c) => {
      const form = await formFields(c.req.raw);
      const picture = await checkedImage(form?.get('picture'));
      const me = c.var.user!;
      const [before] = await orm(c.env.DB)
        .select({ picture: users.profilePicture })
        .from(users)
        .where(eq(users.id, me.id));
      const path = await storeImage(c.env, 'avatars', picture);
      await orm(c.env.DB).update(users).set({ profilePicture: path }).where(eq(users.id, me.id)).run();
      if (before?.picture !== path) await removeUnused(c.env, c.env.DB, [before?.picture]);
      return c.json({ profilePicture: path });
    },
  )
  .delete(
    '/profile-picture',
    route({
      tag: 'account',
      summary: 'Remove your profile picture',
      access: 'signed-in',
      responses: { 200: json(v.object({ profilePicture: v.null() }), 'Removed') },
    }),
    requireUser,
    async (c) => {
      const me = c.var.user!;
      const [before] = await orm(c.env.DB)
        .select({ picture: users.profilePicture })
        .from(users)
        .where(eq(users.id, me.id));
      await orm(c.env.DB).update(users).set({ profilePicture: null }).where(eq(users.id, me.id)).run();
      await removeUnused(c.env, c.env.DB, [before?.picture]);
      return c.json({ profilePicture: null });
    },
  )
  .put(
    '/agents/:id/cover',
    route({
      tag: 'agents',
      summary: "Upload an agent's cover",
      access: 'signed-in',
      requestBody: imageUpload(
        { cover: 'The cover (PNG, JPEG or WebP)', thumbnail: 'Optional: a small copy for the cards' },
        ['cover'],
      ),
      responses: {
        200: json(
          v.object({ imageUrl: v.string(), thumbnailUrl: v.string() }),
          'The cover’s and thumbnail’s addresses',
        ),
        400: error('Not an image this site takes'),
        ...COVER_REFUSALS,
      },
    }),
    ...coverGuards,
    async (c) => {
      const agent = c.var.agent;
      const form = await formFields(c.req.raw);
      const cover = await checkedImage(form?.get('cover'));
      // The browser sends a small copy for the cards; without one the cover serves both.
      const thumbnailField = form?.get('thumbnail');
      const thumbnail = thumbnailField ? await checkedImage(thumbnailField) : null;
      const coverPath = await storeImage(c.env, 'covers', cover);
      const thumbnailPath = thumbnail ? await storeImage(c.env, 'thumbs', thumbnail) : coverPath;
      await setAgentPictures(c.env.DB, agent.id, { imageUrl: coverPath, thumbnailUrl: thumbnailPath });
      await removeUnused(
        c.env,
        c.env.DB,
        [agent.imageUrl, agent.thumbnailUrl].filter((p) => p !== coverPath && p !== thumbnailPath),
      );
      return c.json({ imageUrl: coverPath, thumbnailUrl: thumbnailPath });
    },
  )
  .delete(
    '/agents/:id/cover',
    route({
      tag: 'agents',
      summary: "Remove an agent's cover",
      access: 'signed-in',
      responses: {
        200: json(v.object({ imageUrl: v.null(), thumbnailUrl: v.null() }), 'Removed'),
        ...COVER_REFUSALS,
      },
    }),
    ...coverGuards,
    async (c) => {
      const agent = c.var.agent;
      await setAgentPictures(c.env.DB, agent.id, { imageUrl: null, thumbnailUrl: null });
      await removeUnused(c.env, c.env.DB, [agent.imageUrl, agent.thumbnailUrl]);
      return c.json({ imageUrl: null, thumbnailUrl: null });
    },
  );

/** GET /media/{key}: a stored picture, as its checked type, cached for a year (the key is its hash). */
export const mediaFileRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '/media/*', async (c) => {
  const key = c.req.path.slice('/media/'.length);
  const object = MEDIA_KEY.test(key) ? await mediaBucket(c.env).get(key) : null;
  if (!object) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  const headers = new Headers({
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Length': String(object.size),
    ETag: object.httpEtag,
    // Pictures only, never a document: nothing in one may run.
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  return new Response(c.req.method === 'HEAD' ? null : (object.body as unknown as ReadableStream), { headers });
});
