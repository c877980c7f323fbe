// 'What's new' (docs/decisions/0043): an edit's note becomes the agent's dated changelog.
import { beforeAll, describe, expect, it } from 'vitest';
import { WHATS_NEW_MAX } from '#common/constants.ts';
import { MESSAGES, type AgentData } from '#common/validation.ts';
import {
  call,
  client,
  countOf,
  createUser,
  db,
  messageOf,
  okBody,
  seedCatalog,
  signIn,
} from '#worker/test/fixtures.ts';
import { AGENT_CHANGES_SHOWN } from './write';

beforeAll(seedCatalog);

const valid = {
  name: 'Release Herald',
  description: 'Tells people what changed in a product.',
  categoryId: 1,
  departmentId: 1,
  creditCost: 2,
  features: ['Notes'],
};

async function creatorWithAgent(name = `Herald ${crypto.randomUUID().slice(0, 8)}`) {
  const user = await createUser();
  const cookie = await signIn(user.id);
  const agent = await okBody(await client(cookie).agents.$post({ json: { ...valid, name } }));
  return { user, cookie, agent };
}

const edit = (cookie: string, id: number, patch: Partial<Record<keyof AgentData, unknown>>) =>
  call(`/api/agents/${id}`, { method: 'PUT', cookie, json: { ...valid, name: 'Release Herald', ...patch } });

const changes = (id: number, cookie?: string) =>
  client(cookie).agents[':id'].changes.$get({ param: { id: String(id) } });

describe('PUT /api/agents/{id} with whatsNew, and GET /api/agents/{id}/changes', () => {
  it('keeps each note as a dated entry, latest first, and marks the agent with the latest one', async () => {
    const { cookie, agent } = await creatorWithAgent('Release Herald');
    expect(agent.whatsNewAt).toBeNull();
    expect(await okBody(await changes(agent.id))).toEqual([]);

    const first = await edit(cookie, agent.id, { whatsNew: '  Now reads PDF invoices.  ' });
    expect(first.status).toBe(200);
    const afterFirst = (await first.json()) as { whatsNewAt: string | null };
    expect(afterFirst.whatsNewAt).toEqual(expect.any(String));
    await edit(cookie, agent.id, { whatsNew: 'Answers in French too.' });

    const list = await okBody(await changes(agent.id));
    expect(list.map((c) => c.note)).toEqual(['Answers in French too.', 'Now reads PDF invoices.']);
    expect(list[0]!.createdAt >= list[1]!.createdAt).toBe(true);
    // The agent says when its latest note was written: that note's own time.
    const shown = await okBody(await client().agents[':id'].$get({ param: { id: String(agent.id) } }));
    expect(shown.whatsNewAt).toBe(list[0]!.createdAt);
  });

  it('adds nothing for an edit without a note, a blank one, or a new agent', async () => {
    const { cookie, agent } = await creatorWithAgent();
    await edit(cookie, agent.id, { name: agent.name });
    await edit(cookie, agent.id, { name: agent.name, whatsNew: '   ' });
    await edit(cookie, agent.id, { name: agent.name, whatsNew: null });
    expect(await okBody(await changes(agent.id))).toEqual([]);
    const posted = await okBody(
      await client(cookie).agents.$post({ json: { ...valid, name: 'Herald With Note', whatsNew: 'Ignored.' } }),
    );
    expect(posted.whatsNewAt).toBeNull();
    expect(await countOf('SELECT count(*) AS n FROM agent_changes WHERE agent_id IN (?, ?)', agent.id, posted.id)).toBe(
      0,
    );
  });

  it(`refuses a note over ${WHATS_NEW_MAX} characters and keeps neither it nor the edit`, async () => {
    const { cookie, agent } = await creatorWithAgent();
    const res = await edit(cookie, agent.id, { name: 'Renamed Herald', whatsNew: 'x'.repeat(WHATS_NEW_MAX + 1) });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(MESSAGES.whatsNewMax);
    expect(await okBody(await changes(agent.id))).toEqual([]);
    expect((await okBody(await client().agents[':id'].$get({ param: { id: String(agent.id) } }))).name).toBe(
      agent.name,
    );
    // Exactly the limit is kept.
    expect((await edit(cookie, agent.id, { name: agent.name, whatsNew: 'y'.repeat(WHATS_NEW_MAX) })).status).toBe(200);
    expect((await okBody(await changes(agent.id)))[0]!.note).toHaveLength(WHATS_NEW_MAX);
  });

  it('refuses a note from a visitor (401) or from someone else (403), and keeps nothing', async () => {
    const { agent } = await creatorWithAgent();
    expect((await edit('', agent.id, { name: agent.name, whatsNew: 'By nobody.' })).status).toBe(401);
    const other = await signIn((await createUser()).id);
    const res = await edit(other, agent.id, { name: agent.name, whatsNew: 'By someone else.' });
    expect(res.status).toBe(403);
    expect(await okBody(await changes(agent.id))).toEqual([]);
  });

  it(`shows the ${AGENT_CHANGES_SHOWN} latest notes, latest first`, async () => {
    const { agent } = await creatorWithAgent();
    // Older notes written straight to the table, one a day.
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
    await db().batch(
      Array.from({ length: AGENT_CHANGES_SHOWN + 5 }, (_, n) =>
        db()
          .prepare('INSERT INTO agent_changes (agent_id, note, created_at) VALUES (?, ?, ?)')
          .bind(agent.id, `Note ${n}`, day(n)),
      ),
    );
    await db()
      .prepare('UPDATE agents SET whats_new_at = ? WHERE id = ?')
      .bind(day(AGENT_CHANGES_SHOWN + 4), agent.id)
      .run();
    const list = await okBody(await changes(agent.id));
    expect(list).toHaveLength(AGENT_CHANGES_SHOWN);
    expect(list[0]).toEqual({ id: expect.any(Number), note: `Note ${AGENT_CHANGES_SHOWN + 4}`, createdAt: day(24) });
    expect(list.at(-1)!.note).toBe('Note 5');
  });

  it('answers 404 for an unknown agent, and for a hidden one to all but its creator and the moderators', async () => {
    expect((await changes(999_999)).status).toBe(404);
    expect(await messageOf(await changes(999_999))).toBe(MESSAGES.agentNotFound);
    const { cookie, agent } = await creatorWithAgent();
    await edit(cookie, agent.id, { name: agent.name, whatsNew: 'Before it was hidden.' });
    await db().prepare('UPDATE agents SET hidden_at = ? WHERE id = ?').bind(new Date().toISOString(), agent.id).run();
    expect((await changes(agent.id)).status).toBe(404);
    expect((await changes(agent.id, await signIn((await createUser()).id))).status).toBe(404);
    expect((await okBody(await changes(agent.id, cookie))).map((c) => c.note)).toEqual(['Before it was hidden.']);
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    expect((await okBody(await changes(agent.id, staff))).map((c) => c.note)).toEqual(['Before it was hidden.']);
  });
});
