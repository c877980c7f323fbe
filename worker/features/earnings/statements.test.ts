// Creators' monthly statements (docs/decisions/0029): every row of the caller's earnings
// ledger in a UTC month with its running balance, as a CSV download; only ever the caller's own.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, client, createUser, csvText, db, seedCatalog, signIn } from '#worker/test/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

let creatorCookie: string;
let otherCookie: string;
let guardedCookie: string;

const agentOf = async (creatorId: number, name: string) =>
  (await db()
    .prepare(
      `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES (?, 'An agent that earns its creator money.', 1, 1, ?, 3) RETURNING id`,
    )
    .bind(name, creatorId)
    .first<{ id: number }>())!.id;

const tryAgent = (id: number, cookie: string) => call(`/api/agents/${id}/try`, { method: 'POST', cookie });
const lastTryOf = async (userId: number) =>
  (await db()
    .prepare("SELECT id FROM credit_ledger WHERE user_id = ? AND kind = 'try' ORDER BY id DESC")
    .bind(userId)
    .first<{ id: number }>())!.id;
/** Moves the newest earnings row of a kind to a fixed time, so the statement's month and order are known. */
const redate = (kind: string, at: string) =>
  db()
    .prepare(
      `UPDATE creator_earnings SET created_at = ?1 WHERE id = (SELECT max(id) FROM creator_earnings WHERE kind = ?2 AND created_at > '2026-11')`,
    )
    .bind(at, kind)
    .run();

beforeAll(async () => {
  await seedCatalog();
  const creator = await createUser({ credits: 0 });
  creatorCookie = await signIn(creator.id);
  otherCookie = await signIn((await createUser()).id);
  const admin = await createUser({ role: 'admin', email: 'admin@example.com' });
  const adminCookie = await signIn(admin.id);
  // Names a spreadsheet would misread: a comma and quotes, and a formula.
  const quoted = await agentOf(creator.id, 'Earner, "the best"');
  const formula = await agentOf(creator.id, '=HYPERLINK("http://evil.example","Click")');
  const buyer = await createUser();
  const buyerCookie = await signIn(buyer.id);

  // September: one earning from the formula-named agent.
  expect((await tryAgent(formula, buyerCookie)).status).toBe(200);
  await redate('earning', '2026-09-15T08:00:00.000Z');
  // October: two earnings, a refund of the second, and a move of everything available into credits.
  expect((await tryAgent(quoted, buyerCookie)).status).toBe(200);
  await redate('earning', '2026-10-03T10:00:00.000Z');
  expect((await tryAgent(quoted, buyerCookie)).status).toBe(200);
  await redate('earning', '2026-10-04T11:30:00.000Z');
  expect(
    (await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: await lastTryOf(buyer.id) } })).status,
  ).toBe(200);
  await redate('reversal', '2026-10-05T12:00:00.000Z');
  await db().prepare("UPDATE creator_earnings SET available_at = '2000-01-01T00:00:00.000Z'").run();
  const moved = await call('/api/earnings/to-credits', { cookie: creatorCookie, json: {} });
  expect(await moved.json()).toMatchObject({ moved: 4 });
  await redate('to_credits', '2026-10-20T09:15:00.000Z');

  // Another creator whose agents are named to start a formula in a cell of their own, whichever
  // separator the spreadsheet splits on; one try is refunded (a negative amount). All in July.
  const guarded = await createUser({ credits: 0 });
  guardedCookie = await signIn(guarded.id);
  for (const name of [';=1+1', ',=1+1', '=1+1', '+1', '-1', ' =1+1', '\t=cmd', 'Sales;-1+2']) {
    expect((await tryAgent(await agentOf(guarded.id, name), buyerCookie)).status).toBe(200);
  }
  expect(
    (await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: await lastTryOf(buyer.id) } })).status,
  ).toBe(200);
  await db()
    .prepare("UPDATE creator_earnings SET created_at = '2026-07-01T12:00:00.000Z' WHERE creator_id = ?")
    .bind(guarded.id)
    .run();
});

const BOM = '\uFEFF';
const HEADER = 'Date (UTC),Kind,Agent,Amount (USD),Balance (USD)\r\n';

describe('GET /api/earnings/statements/:month', () => {
  it('lists every row of the month with its running balance, balance carried from earlier months', async () => {
    const res = await call('/api/earnings/statements/2026-10', { cookie: creatorCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="earnings-statement-2026-10.csv"');
    expect(await csvText(res)).toBe(
      BOM +
        HEADER +
        '2026-10-03 10:00:00,Earning,"Earner, ""the best""",2.40,4.80\r\n' +
        '2026-10-04 11:30:00,Earning,"Earner, ""the best""",2.40,7.20\r\n' +
        '2026-10-05 12:00:00,Refund reversal,"Earner, ""the best""",-2.40,4.80\r\n' +
        '2026-10-20 09:15:00,Moved to credits,,-4.00,0.80\r\n',
    );
  });

  it("guards a formula in an agent's name", async () => {
    const text = await csvText(await call('/api/earnings/statements/2026-09', { cookie: creatorCookie }));
    expect(text).toBe(
      BOM + HEADER + `2026-09-15 08:00:00,Earning,"'=HYPERLINK(""http://evil.example"",""Click"")",2.40,2.40\r\n`,
    );
  });

  it('guards text cells against formulas whatever the separator, and keeps amounts numbers', async () => {
    const text = await csvText(await call('/api/earnings/statements/2026-07', { cookie: guardedCookie }));
    const at = '2026-07-01 12:00:00';
    expect(text).toBe(
      BOM +
        HEADER +
        `${at},Earning,";'=1+1",2.40,2.40\r\n` +
        `${at},Earning,",'=1+1",2.40,4.80\r\n` +
        `${at},Earning,'=1+1,2.40,7.20\r\n` +
        `${at},Earning,'+1,2.40,9.60\r\n` +
        `${at},Earning,'-1,2.40,12.00\r\n` +
        `${at},Earning,' =1+1,2.40,14.40\r\n` +
        `${at},Earning,"'\t'=cmd",2.40,16.80\r\n` +
        `${at},Earning,"Sales;'-1+2",2.40,19.20\r\n` +
        `${at},Refund reversal,"Sales;'-1+2",-2.40,16.80\r\n`,
    );
    // Split on ',', ';' or a tab, as spreadsheets in different locales do, quotes ignored: no cell starts a formula.
    for (const line of text.slice(1).split('\r\n')) {
      for (const cell of line.split(/[;,\t]/))
        expect(cell.replace(/^[\s"]*/, ''), line).not.toMatch(/^[=+@]|^-(?!\d+\.\d\d$)/);
    }
  });

  it('a month without rows is the header alone', async () => {
    const res = await call('/api/earnings/statements/2026-08', { cookie: creatorCookie });
    expect(res.status).toBe(200);
    expect(await csvText(res)).toBe(BOM + HEADER);
  });

  it("is only ever the caller's own: another creator gets their own (empty) statement, whatever they add", async () => {
    for (const path of ['/api/earnings/statements/2026-10', '/api/earnings/statements/2026-10?creatorId=1&userId=1']) {
      const res = await call(path, { cookie: otherCookie });
      expect(res.status).toBe(200);
      expect(await csvText(res)).toBe(BOM + HEADER);
    }
    expect(await (await call('/api/earnings/statements', { cookie: otherCookie })).json()).toEqual([]);
  });

  it('refuses a bad month with a clear message (400) and visitors (401)', async () => {
    for (const month of ['2026-13', '2026-00', '2026-1', '26-10', '2026-10-01', 'october', '2026-10%00']) {
      const res = await call(`/api/earnings/statements/${month}`, { cookie: creatorCookie });
      expect(res.status, month).toBe(400);
      expect(await res.json()).toEqual({
        message: 'A statement month is written YYYY-MM, for example 2026-11',
        error: 'A statement month is written YYYY-MM, for example 2026-11',
      });
    }
    expect((await call('/api/earnings/statements/2026-10')).status).toBe(401);
    expect((await call('/api/earnings/statements')).status).toBe(401);
  });
});

describe('GET /api/earnings/statements', () => {
  it('lists the months that have rows, newest first', async () => {
    const res = await client(creatorCookie).earnings.statements.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { month: '2026-10', entries: 4 },
      { month: '2026-09', entries: 1 },
    ]);
  });
});
