import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentData } from '#common/validation.ts';
import {
  call,
  callRaw,
  client,
  countOf,
  createUser,
  db,
  messageOf as message,
  okBody,
  seedCatalog,
  signIn,
} from '#worker/test/fixtures.ts';
import { formWith, webp } from '#worker/test/images.ts';
import { createAgent, slugify } from './write';

beforeAll(seedCatalog);

const valid = {
  name: 'Invoice Chaser',
  description: 'Sends polite reminders for overdue invoices.',
  categoryId: 2,
  departmentId: 2,
  creditCost: 4,
  features: ['Reminders', 'Escalation'],
  externalUrl: 'https://example.com/chaser',
};

const agentCount = (categoryId: number) => countOf('SELECT agent_count AS n FROM categories WHERE id = ?', categoryId);
const create = async (cookie: string, patch: Partial<AgentData> = {}) =>
  okBody(await client(cookie).agents.$post({ json: { ...valid, ...patch } }));

describe('POST /api/agents', () => {
  it('creates an agent owned by the caller, shaped like GET /api/agents/:id', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    // Fields the schema does not know (an owner, a rating) are ignored.
    const json = { ...valid, name: 'Payroll Pilot', creatorId: 1, averageRating: 5 };
    const res = await client(cookie).agents.$post({ json });
    expect(res.status).toBe(201);
    const agent = await okBody(res);
    expect(agent).toMatchObject({
      name: 'Payroll Pilot',
      description: valid.description,
      creatorId: user.id,
      creatorUsername: user.username,
      categoryId: 2,
      departmentId: 2,
      creditCost: 4,
      credits: 4,
      features: ['Reminders', 'Escalation'],
      externalUrl: 'https://example.com/chaser',
      slug: 'payroll-pilot',
      averageRating: 0,
      voteCount: 0,
      businessCategory: 'Finance',
      businessDepartment: 'Finance',
    });
    expect(await (await client().agents[':id'].$get({ param: { id: String(agent.id) } })).json()).toEqual(agent);
    // Stored the way the seed stores them: a JSON list in text.
    const row = await db()
      .prepare('SELECT features FROM agents WHERE id = ?')
      .bind(agent.id)
      .first<{ features: string }>();
    expect(row!.features).toBe('["Reminders","Escalation"]');
    const mine = await okBody(
      await client().agents.creator[':userId'].$get({ param: { userId: String(user.id) }, query: {} }),
    );
    expect(mine.map((a) => a.id)).toEqual([agent.id]);
  });

  it('fills the documented defaults: departmentId 0, creditCost 3, no features', async () => {
    const cookie = await signIn((await createUser()).id);
    const res = await call('/api/agents', {
      json: { name: 'Bare Agent', description: 'Only the required fields.', categoryId: '1' },
      cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      departmentId: 0,
      creditCost: 3,
      features: [],
      externalUrl: null,
      longDescription: null,
    });
  });

  it('accepts features as text holding a list, or as plain text', async () => {
    const cookie = await signIn((await createUser()).id);
    // The typed client sends the parsed form (a list): these are the raw forms.
    const text = await call('/api/agents', {
      json: { ...valid, name: 'Text Features', features: '["One","Two"]' },
      cookie,
    });
    expect(text.status).toBe(201);
    expect(await text.json()).toMatchObject({ features: ['One', 'Two'] });
    const plain = await call('/api/agents', {
      json: { ...valid, name: 'Plain Feature', features: 'Just one' },
      cookie,
    });
    expect(plain.status).toBe(201);
    expect(await plain.json()).toMatchObject({ features: ['Just one'] });
  });

  it('gives each agent a unique slug, also when created at the same moment', async () => {
    const cookie = await signIn((await createUser()).id);
    const first = await create(cookie, { name: 'Same Name' });
    const second = await create(cookie, { name: 'Same Name' });
    expect([first.slug, second.slug]).toEqual(['same-name', 'same-name-2']);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('/api/agents', { json: { ...valid, name: 'Race Name' }, cookie })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const slugs = await Promise.all(answers.map(async (r) => ((await r.json()) as { slug: string }).slug));
    expect(new Set(slugs).size).toBe(8);
    expect(slugify('  Café & Co!  AI__Helper ')).toBe('cafe-co-ai-helper');
    expect(slugify('日本語')).toBe('agent');
  });

  it('keeps categories.agent_count right through create, move and delete', async () => {
    const cookie = await signIn((await createUser()).id);
    const [finance, legal] = [await agentCount(2), await agentCount(3)];
    const agent = await create(cookie);
    expect(await agentCount(2)).toBe(finance + 1);
    await call(`/api/agents/${agent.id}`, {
      method: 'PUT',
      json: { ...valid, categoryId: 3, departmentId: 3 },
      cookie,
    });
    expect([await agentCount(2), await agentCount(3)]).toEqual([finance, legal + 1]);
    await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie });
    expect([await agentCount(2), await agentCount(3)]).toEqual([finance, legal]);
    const category = await okBody(await client().categories[':id'].$get({ param: { id: '2' } }));
    expect(category.agentCount).toBe(finance);
  });

  it('answers each creation rule with its documented message, word for word', async () => {
    const cookie = await signIn((await createUser()).id);
    // Each message once, with every input that earns it.
    const cases: [string, Record<string, unknown>[]][] = [
      ['Name must be at least 3 characters', [{ name: undefined }, { name: 'ab' }, { name: '   ab   ' }, { name: 42 }]],
      ['Name must be less than 100 characters', [{ name: 'x'.repeat(101) }]],
      ['Description must be at least 10 characters', [{ description: undefined }, { description: 'short' }]],
      ['Description must be less than 1000 characters', [{ description: 'y'.repeat(1001) }]],
      ['Long description must be less than 5000 characters', [{ longDescription: 'z'.repeat(5001) }]],
      [
        'Please select a category',
        [
          { categoryId: undefined },
          { categoryId: 0 },
          { categoryId: 'abc' },
          { categoryId: { id: 1 } },
          { categoryId: 99 },
        ],
      ],
      ['Please select a valid department', [{ departmentId: 99 }, { departmentId: -1 }]],
      ['Minimum credit cost is 1', [{ creditCost: 0 }]],
      ['Maximum credit cost is 100', [{ creditCost: 101 }]],
      ['Credit cost must be a whole number', [{ creditCost: 2.5 }, { creditCost: 'ten' }]],
      [
        'Please enter a valid URL starting with http:// or https://',
        [{ externalUrl: 'javascript:alert(1)' }, { imageUrl: 'ftp://example.com/a.png' }, { videoUrl: 'not a url' }],
      ],
      [
        'List at most 30 features of at most 200 characters each',
        [{ features: Array(31).fill('f') }, { features: ['x'.repeat(201)] }, { features: { a: 1 } }],
      ],
    ];
    for (const [expected, patches] of cases) {
      for (const patch of patches) {
        const res = await call('/api/agents', { json: { ...valid, ...patch }, cookie });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(await res.json(), JSON.stringify(patch)).toEqual({ message: expected, error: expected });
      }
    }
  });

  it('hostile input is stored as text or refused, never a 5xx', async () => {
    const cookie = await signIn((await createUser()).id);
    const sneaky = `Robert'); DROP TABLE agents;-- "x" <script>alert(1)</script>`.slice(0, 90);
    const res = await call('/api/agents', {
      json: { ...valid, name: sneaky, description: "' OR 1=1 -- %_ \\ ; SELECT *" },
      cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: sneaky, description: "' OR 1=1 -- %_ \\ ; SELECT *" });
    expect((await call('/api/agents/1')).status).toBe(200);

    for (const body of [
      '[]',
      '"text"',
      'null',
      '{"name":',
      'not json',
      JSON.stringify({ ...valid, categoryId: 1e300 }),
    ]) {
      const bad = await callRaw('/api/agents', body, { cookie });
      expect(bad.status, body).toBe(400);
    }
    const huge = await call('/api/agents', { json: { ...valid, description: 'x'.repeat(200_000) }, cookie });
    expect(huge.status).toBe(413);
    const bigIds = await call('/api/agents', {
      json: { ...valid, categoryId: 2 ** 62, departmentId: Number.MAX_SAFE_INTEGER },
      cookie,
    });
    expect(bigIds.status).toBe(400);
  });
});

describe('PUT and DELETE /api/agents/:id', () => {
  it('only the creator updates, with the same rules and answer shape', async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createUser({ role: 'admin' });
    const ownerCookie = await signIn(owner.id);
    const agent = await create(ownerCookie, { name: 'Editable Agent' });

    expect(
      (
        await call(`/api/agents/${agent.id}`, {
          method: 'PUT',
          json: { ...valid, name: 'Hijacked' },
          cookie: await signIn(other.id),
        })
      ).status,
    ).toBe(403);
    const byAdmin = await call(`/api/agents/${agent.id}`, {
      method: 'PUT',
      json: valid,
      cookie: await signIn(admin.id),
    });
    expect(byAdmin.status).toBe(403);
    expect(await message(byAdmin)).toBe('You do not have permission to do that');

    const param = { id: String(agent.id) };
    // Raw input (null clears the link; an owner named in the body is ignored): not the typed client's parsed form.
    const updated = await call(`/api/agents/${agent.id}`, {
      method: 'PUT',
      json: { ...valid, name: 'Editable Agent', creditCost: 9, features: [], externalUrl: null, creatorId: other.id },
      cookie: ownerCookie,
    });
    expect(updated.status).toBe(200);
    const body: unknown = await updated.json();
    expect(body).toMatchObject({
      id: agent.id,
      name: 'Editable Agent',
      creditCost: 9,
      features: [],
      externalUrl: null,
      creatorId: owner.id,
      slug: agent.slug,
    });
    expect(await (await client().agents[':id'].$get({ param })).json()).toEqual(body);

    const renamed = await okBody(
      await client(ownerCookie).agents[':id'].$put({ param, json: { ...valid, name: 'Renamed Agent' } }),
    );
    expect(renamed.slug).toBe('renamed-agent');

    const invalid = await call(`/api/agents/${agent.id}`, {
      method: 'PUT',
      json: { ...valid, categoryId: 77 },
      cookie: ownerCookie,
    });
    expect(invalid.status).toBe(400);
    expect(await message(invalid)).toBe('Please select a category');
    const noDepartment = await call(`/api/agents/${agent.id}`, {
      method: 'PUT',
      json: { ...valid, departmentId: 77 },
      cookie: ownerCookie,
    });
    expect(await message(noDepartment)).toBe('Please select a valid department');
  });

  it('an edit without imageUrl keeps the uploaded cover; one with it replaces or clears the cover', async () => {
    const cookie = await signIn((await createUser()).id);
    const agent = await create(cookie, { name: 'Covered Agent' });
    const uploaded = await call(`/api/media/agents/${agent.id}/cover`, {
      method: 'PUT',
      body: formWith({
        cover: [webp(1280, 800, 7), 'c.webp', 'image/webp'],
        thumbnail: [webp(640, 400, 7), 't.webp', 'image/webp'],
      }),
      cookie,
    });
    expect(uploaded.status).toBe(200);
    const cover = (await uploaded.json()) as { imageUrl: string; thumbnailUrl: string };
    const shown = async () => okBody(await client().agents[':id'].$get({ param: { id: String(agent.id) } }));
    const put = (json: Record<string, unknown>) =>
      call(`/api/agents/${agent.id}`, { method: 'PUT', json: { ...valid, name: 'Covered Agent', ...json }, cookie });

    // Edit Agent sends no imageUrl: its cover field uploads and removes the cover itself.
    const kept = await put({ description: 'Still covered after an edit of its words.', whatsNew: 'New words.' });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject(cover);
    expect((await put({ creditCost: 5 })).status).toBe(200);
    expect(await shown()).toMatchObject({ ...cover, creditCost: 5 });

    // Sent, it is the cover: the cards' copy of the old picture goes with it.
    expect(await (await put({ imageUrl: 'https://img.example/new.png' })).json()).toMatchObject({
      imageUrl: 'https://img.example/new.png',
      thumbnailUrl: null,
    });
    expect(await (await put({ imageUrl: null })).json()).toMatchObject({ imageUrl: null, thumbnailUrl: null });
  });

  it('the creator or an admin deletes; ratings go with the agent', async () => {
    const owner = await createUser();
    // Reviews need a confirmed address (docs/decisions/0025).
    const other = await createUser({ verified: true });
    const admin = await createUser({ role: 'admin' });
    const staff = await createUser({ role: 'staff' });
    const ownerCookie = await signIn(owner.id);
    const first = await create(ownerCookie);
    const second = await create(ownerCookie);
    expect(
      (await call('/api/ratings', { json: { agentId: first.id, rating: 4 }, cookie: await signIn(other.id) })).status,
    ).toBe(201);
    expect(await countOf('SELECT count(*) AS n FROM ratings WHERE agent_id = ?', first.id)).toBe(1);

    expect((await call(`/api/agents/${first.id}`, { method: 'DELETE', cookie: await signIn(other.id) })).status).toBe(
      403,
    );
    expect((await call(`/api/agents/${first.id}`, { method: 'DELETE', cookie: await signIn(staff.id) })).status).toBe(
      403,
    );
    const gone = await call(`/api/agents/${first.id}`, { method: 'DELETE', cookie: ownerCookie });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ ok: true });
    expect((await call(`/api/agents/${first.id}`)).status).toBe(404);
    expect((await call(`/api/agents/${first.id}/ratings`)).status).toBe(404);
    expect(await countOf('SELECT count(*) AS n FROM ratings WHERE agent_id = ?', first.id)).toBe(0);
    expect((await call(`/api/agents/${first.id}`, { method: 'DELETE', cookie: ownerCookie })).status).toBe(404);

    expect((await call(`/api/agents/${second.id}`, { method: 'DELETE', cookie: await signIn(admin.id) })).status).toBe(
      200,
    );
    expect((await call(`/api/agents/${second.id}`)).status).toBe(404);
  });

  it('401 for visitors, 404 for unknown or malformed ids', async () => {
    for (const [method, path] of [
      ['POST', '/api/agents'],
      ['PUT', '/api/agents/1'],
      ['DELETE', '/api/agents/1'],
    ] as const) {
      const res = await call(path, { method, json: method === 'DELETE' ? undefined : valid });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await message(res)).toBe('Please log in to continue');
    }
    const cookie = await signIn((await createUser()).id);
    for (const id of ['9999', 'abc', '0', '-1', '1e3', '99999999999999999999', '1;DROP TABLE agents']) {
      const path = `/api/agents/${encodeURIComponent(id)}`;
      const put = await call(path, { method: 'PUT', json: valid, cookie });
      expect(put.status, id).toBe(404);
      expect(await message(put)).toBe('Agent not found');
      expect((await call(path, { method: 'DELETE', cookie })).status, id).toBe(404);
    }
  });

  it('data function: createAgent refuses unknown references with the documented messages', async () => {
    const user = await createUser();
    const data = { ...valid, longDescription: undefined, videoUrl: undefined, imageUrl: undefined };
    await expect(createAgent(db(), user.id, { ...data, categoryId: 404 })).rejects.toThrow('Please select a category');
    await expect(createAgent(db(), user.id, { ...data, departmentId: 404 })).rejects.toThrow(
      'Please select a valid department',
    );
    const id = await createAgent(db(), user.id, { ...data, name: 'Direct Agent' });
    expect(
      (await db().prepare('SELECT creator_id FROM agents WHERE id = ?').bind(id).first<{ creator_id: number }>())!
        .creator_id,
    ).toBe(user.id);
    // write.ts retries on exactly this error text when two creations pick the same slug at once.
    await expect(
      db()
        .prepare(
          "INSERT INTO agents (name, description, category_id, slug) VALUES ('Dup', 'Duplicate slug row', 1, 'direct-agent')",
        )
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed: agents\.slug/);
  });
});
