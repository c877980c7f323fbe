// Support and creators (docs/decisions/0029): an admin finds a person, refunds a paid try
// from their history once ('Refunded'), sees the day's figures in Totals and downloads them; the
// creator downloads the month's statement with the earnings and the refund's reversal.
import { readFile } from 'node:fs/promises';
import { formatDecimal, formatUsd } from '../common/format';
import type { OperatorTotals, SupportHistory } from '../common/types';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test, type Page } from './support/test';

// Accounts made here count against a client of their own (registrations are limited per client).
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` } });

const PASSWORD = 'correct-horse-battery';
const unique = () => `sr${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const today = () => new Date().toISOString().slice(0, 10);

async function register(page: Page, origin: string): Promise<string> {
  const username = unique();
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, isInternalLogin: false },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

async function signIn(page: Page, origin: string, username: string, password = PASSWORD) {
  await page.request.post('/api/auth/logout', { headers: { Origin: origin } });
  const res = await page.request.post('/api/auth/login', { data: { username, password }, headers: { Origin: origin } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('support refunds a try once, Totals show the day, and the creator downloads the statement', async ({
  page,
  baseURL,
}) => {
  // Three registrations (scrypt) and several sign-ins before the pages: slow on a loaded machine.
  test.slow();
  const origin = baseURL ?? '';
  const creator = await register(page, origin);
  const agentName = `Refundable ${unique()}`;
  const created = await page.request.post('/api/agents', {
    data: { name: agentName, description: 'An agent whose try support refunds.', categoryId: 1, creditCost: 5 },
    headers: { Origin: origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const agent = (await created.json()) as { id: number };

  // Another person tries it twice.
  const buyer = await register(page, origin);
  for (let i = 0; i < 2; i++)
    expect((await page.request.post(`/api/agents/${agent.id}/try`, { headers: { Origin: origin } })).status()).toBe(
      200,
    );

  // Support finds the person and refunds one try.
  await signIn(page, origin, 'admin', 'demo-password');
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.getByLabel('Username or email', { exact: true }).fill(buyer);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Show history of ${buyer}` }).click();
  const history = page.getByRole('region', { name: `Credit history of ${buyer}` });
  const refundButtons = history.getByRole('button', { name: `Refund 5 credits for ${agentName}` });
  await expect(refundButtons).toHaveCount(2);
  await refundButtons.first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this try?' });
  await expect(dialog).toContainText(`${buyer} gets 5 credits for ${agentName} back`);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(history.getByText('Refunded', { exact: true })).toHaveCount(1);
  await expect(refundButtons).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: 'Refund' }).filter({ hasText: '+5' })).toHaveCount(1);
  await expectNoSeriousViolations(page);

  // A second refund of the same try is refused with the API's message.
  const person = ((await (await page.request.get(`/api/admin/people?q=${buyer}`)).json()) as { id: number }[])[0]!;
  const ledger = (await (
    await page.request.get(`/api/admin/people/${person.id}/transactions`)
  ).json()) as SupportHistory;
  const refundedTry = ledger.transactions.find((t) => t.kind === 'try' && t.refunded)!;
  const again = await page.request.post('/api/admin/refunds', {
    data: { ledgerId: refundedTry.id },
    headers: { Origin: origin },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ message: 'That try was already refunded' });

  // Totals: today's row shows the day's figures, the same as the API's, and downloads as CSV.
  await page.getByRole('navigation', { name: 'Operator pages' }).getByRole('link', { name: 'Totals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Totals' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Totals table' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today(), exact: true }) });
  await expect(row).toBeVisible();
  const day = (
    (await (await page.request.get(`/api/admin/totals?from=${today()}&to=${today()}`)).json()) as OperatorTotals
  ).days[0]!;
  expect(day.creditsRefunded).toBeGreaterThanOrEqual(5);
  expect(day.creditsSpent).toBeGreaterThanOrEqual(5);
  const cents = (c: number) => formatUsd(c / 100);
  await expect(row.getByRole('cell')).toHaveText([
    formatDecimal(day.creditsSold),
    formatDecimal(day.creditsGranted),
    formatDecimal(day.creditsSpent),
    formatDecimal(day.creditsRefunded),
    cents(day.creatorsShareCents),
    cents(day.platformShareCents),
    cents(day.movedToCreditsCents),
    cents(day.paidOutCents),
  ]);
  await expectNoSeriousViolations(page);
  const [totalsFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(totalsFile.suggestedFilename()).toMatch(/^totals-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const totalsCsv = await readFile((await totalsFile.path())!, 'utf8');
  expect(totalsCsv).toContain(
    `${today()},${day.creditsSold},${day.creditsGranted},${day.creditsSpent},${day.creditsRefunded},`,
  );

  // The creator's statement of this month: two earnings of $4.00 and the refund's reversal.
  await signIn(page, origin, creator);
  await page.goto('/my-agents');
  await page.getByRole('tab', { name: 'Insights' }).click();
  const month = today().slice(0, 7);
  const monthName = new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const statements = page.getByRole('region', { name: 'Statements' });
  await expect(statements.getByText(monthName, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(statements).toContainText('(3 entries)');
  const [statement] = await Promise.all([
    page.waitForEvent('download'),
    statements.getByRole('link', { name: `Download CSV statement for ${monthName}` }).click(),
  ]);
  expect(statement.suggestedFilename()).toBe(`earnings-statement-${month}.csv`);
  const csv = await readFile((await statement.path())!, 'utf8');
  const stamp = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}';
  expect(csv).toMatch(
    new RegExp(
      `^\uFEFFDate \\(UTC\\),Kind,Agent,Amount \\(USD\\),Balance \\(USD\\)\r\n${stamp},Earning,${agentName},4\\.00,4\\.00\r\n${stamp},Earning,${agentName},4\\.00,8\\.00\r\n${stamp},Refund reversal,${agentName},-4\\.00,4\\.00\r\n$`,
    ),
  );
  await expectNoSeriousViolations(page);
});
