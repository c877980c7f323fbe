import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../common/types';
import { call, createUser, seedCatalog, signIn } from '../../test/fixtures';

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

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('agent writes', () => {
  it('creates an agent owned by the caller, with a slug, counted in its category', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const res = await call('/api/agents', { json: valid, cookie });
    expect(res.status).toBe(201);
    const agent = (await res.json()) as Agent;
    expect(agent).toMatchObject({ name: 'Invoice Chaser', creatorId: user.id, creditCost: 4, features: ['Reminders', 'Escalation'], slug: 'invoice-chaser' });
    const second = (await (await call('/api/agents', { json: valid, cookie })).json()) as Agent;
    expect(second.slug).toBe('invoice-chaser-2');
    const mine = (await (await call(`/api/agents/creator/${user.id}`)).json()) as Agent[];
    expect(mine.map((a) => a.id).sort()).toEqual([agent.id, second.id].sort());
    const category = (await (await call('/api/categories/2')).json()) as { agentCount: number };
    expect(category.agentCount).toBeGreaterThanOrEqual(3);
  });

  it('answers each creation rule with its SPEC message', async () => {
    const cookie = await signIn((await createUser()).id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'ab' }, 'Name must be at least 3 characters'],
      [{ name: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
      [{ description: 'short' }, 'Description must be at least 10 characters'],
      [{ description: 'y'.repeat(1001) }, 'Description must be less than 1000 characters'],
      [{ categoryId: 0 }, 'Please select a category'],
      [{ categoryId: 99 }, 'Please select a category'],
      [{ departmentId: 99 }, 'Please select a valid department'],
      [{ creditCost: 0 }, 'Minimum credit cost is 1'],
      [{ creditCost: 101 }, 'Maximum credit cost is 100'],
      [{ creditCost: 2.5 }, 'Credit cost must be a whole number'],
      [{ externalUrl: 'javascript:alert(1)' }, 'Please enter a valid URL starting with http:// or https://'],
    ];
    for (const [patch, expected] of cases) {
      const res = await call('/api/agents', { json: { ...valid, ...patch }, cookie });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });

  it('only the creator updates; the creator or an admin deletes', async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createUser({ role: 'admin' });
    const ownerCookie = await signIn(owner.id);
    const otherCookie = await signIn(other.id);
    const agent = (await (await call('/api/agents', { json: valid, cookie: ownerCookie })).json()) as Agent;

    expect((await call(`/api/agents/${agent.id}`, { method: 'PUT', json: { ...valid, name: 'Hijacked' }, cookie: otherCookie })).status).toBe(403);
    expect((await call(`/api/agents/${agent.id}`, { method: 'PUT', json: valid, cookie: await signIn(admin.id) })).status).toBe(403);
    const updated = await call(`/api/agents/${agent.id}`, { method: 'PUT', json: { ...valid, name: 'Invoice Chaser Plus', creditCost: 9 }, cookie: ownerCookie });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: 'Invoice Chaser Plus', creditCost: 9 });

    expect((await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: otherCookie })).status).toBe(403);
    expect((await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: await signIn(admin.id) })).status).toBe(200);
    expect((await call(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: ownerCookie })).status).toBe(404);
  });

  it('401 for visitors, 404 for unknown agents', async () => {
    expect((await call('/api/agents', { json: valid })).status).toBe(401);
    expect((await call('/api/agents/1', { method: 'PUT', json: valid })).status).toBe(401);
    expect((await call('/api/agents/1', { method: 'DELETE' })).status).toBe(401);
    const cookie = await signIn((await createUser()).id);
    expect((await call('/api/agents/9999', { method: 'PUT', json: valid, cookie })).status).toBe(404);
    expect((await call('/api/agents/9999', { method: 'DELETE', cookie })).status).toBe(404);
  });
});
