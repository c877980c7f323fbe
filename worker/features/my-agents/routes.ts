import { Hono } from 'hono';
import { myAgentsConsoleSchema } from '#common/api-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { json, route } from '#worker/lib/openapi.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { myAgentsConsole } from './data';

/** My Agents as a console (docs/decisions/0043): the signed-in creator's agents and how they do. */
export const myAgentsRoutes = new Hono<AppEnv>().get(
  '/',
  route({
    tag: 'agents',
    summary: 'Your agents, with their tries and earnings',
    description:
      'Every agent you listed, newest first, those hidden by moderators too (marked), each with its tries and your earnings from it in the last 30 days; totals on top.',
    access: 'signed-in',
    token: 'read',
    responses: { 200: json(myAgentsConsoleSchema, 'Your console') },
  }),
  requireUser,
  async (c) => c.json(await myAgentsConsole(c.env.DB, c.var.user!.id)),
);
