// The creator's side (docs/decisions/0043): My Agents as a console (totals, one row per agent with its
// status, health, tries, earnings and rating, Edit and Insights as 44 px buttons; a table on a wide
// screen), Edit Agent holding the cover (picker, 16:10 preview, upload) and a 'What's new' note, and
// Delete in the form's danger zone. On a phone with touch, and at 1280 px.
import { agentNamed } from './support/agents';
import { appRunning } from './support/app-start';
import { expectNoSeriousViolations } from './support/axe';
import { executeLocal } from './support/local-db';
import { overflowRight } from './support/layout';
import { expect, test, type Locator, type Page } from './support/test';

// Accounts made here count against a client of their own (registrations are limited per client).
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': `192.0.2.${1 + Math.floor(Math.random() * 250)}` } });

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const unique = () => `cc${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

interface ConsoleJson {
  totals: { agents: number; triesLast30Days: number; earningsLast30DaysCents: number; reviews: number };
  agents: {
    id: number;
    name: string;
    triesLast30Days: number;
    earningsLast30DaysCents: number;
    voteCount: number;
    averageRating: number;
  }[];
}

async function signInAsDemo(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: { username: 'demo', password: 'demo-password' } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The console's answer, to compare the page with. */
async function consoleJson(page: Page): Promise<ConsoleJson> {
  const res = await page.request.get('/api/my-agents');
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ConsoleJson;
}

/** A new agent of demo's, to edit and delete without touching the seeded ones. */
async function demoAgent(page: Page, baseURL: string | undefined): Promise<{ id: number; name: string }> {
  const name = `Console agent ${unique()}`;
  const res = await page.request.post('/api/agents', {
    data: { name, description: 'An agent its creator runs from the console.', categoryId: 1, creditCost: 4 },
    headers: { Origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** A small PNG drawn in the page (a coloured field with a white block, so the crop shows). */
async function pngFile(page: Page) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [480, 360];
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0ea5e9';
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = '#fff';
    g.fillRect(40, 40, 160, 120);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return { name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function expectAtLeast44Tall(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

test.describe('at 360 px with touch', () => {
  test.use(PHONE);

  test("the console shows the demo creator's agents with their status, health, figures and tools", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    // Someone else tries ListingLift, so the console has a try and an earning to show.
    const visitor = unique();
    const registered = await page.request.post('/api/auth/register', {
      data: {
        username: visitor,
        email: `${visitor}@example.com`,
        password: 'correct-horse-battery',
        isInternalLogin: false,
      },
      headers: { Origin: baseURL ?? '' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const listingLift = await agentNamed(page.request, 'ListingLift');
    const tried = await page.request.post(`/api/agents/${listingLift.id}/try`, { headers: { Origin: baseURL ?? '' } });
    expect(tried.status(), await tried.text()).toBe(200);
    await page.request.post('/api/auth/logout', { headers: { Origin: baseURL ?? '' } });
    // SurveySift's URL stopped answering (the hourly check's finding, set here).
    executeLocal(
      "UPDATE agents SET health_status = 'down', health_since = '2026-11-20T12:00:00.000Z', health_checked_at = '2026-11-29T12:00:00.000Z' WHERE name = 'SurveySift'",
    );

    await signInAsDemo(page);
    const expected = await consoleJson(page);
    const lift = expected.agents.find((a) => a.name === 'ListingLift')!;
    expect(lift.triesLast30Days).toBeGreaterThanOrEqual(1);

    await page.goto('/my-agents');
    await expect(page.getByRole('heading', { level: 1, name: 'My Agents' })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText(`Agents${expected.totals.agents}`);
    await expect(totals).toContainText(`Tries in 30 days${expected.totals.triesLast30Days.toLocaleString('en-US')}`);
    await expect(totals).toContainText(`Earnings in 30 days${money(expected.totals.earningsLast30DaysCents)}`);
    await expect(totals).toContainText(`Reviews${expected.totals.reviews}`);

    // On a phone: a card per agent, no table.
    await expect(page.getByRole('table', { name: 'Your agents' })).toBeHidden();
    const list = page.getByRole('list', { name: 'Your agents' });
    await expect(list.getByRole('listitem')).toHaveCount(expected.agents.length);
    const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'ListingLift' }) });
    await expect(card.getByRole('link', { name: 'ListingLift', exact: true })).toHaveAttribute(
      'href',
      `/agents/${lift.id}`,
    );
    await expect(card.getByText('Listed', { exact: true })).toBeVisible();
    await expect(card.getByRole('definition').nth(0)).toHaveText(lift.triesLast30Days.toLocaleString('en-US'));
    await expect(card.getByRole('definition').nth(1)).toHaveText(money(lift.earningsLast30DaysCents));
    await expect(card.getByRole('definition').nth(2)).toContainText(
      lift.voteCount ? `${lift.voteCount} review` : 'No reviews yet',
    );
    const survey = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'SurveySift' }) });
    await expect(survey.getByText('Not responding since Nov 20, 2026')).toBeVisible();

    const edit = card.getByRole('link', { name: 'Edit ListingLift' });
    const insights = card.getByRole('link', { name: 'Insights of ListingLift' });
    await expectAtLeast44Tall(edit);
    await expectAtLeast44Tall(insights);
    expect(await overflowRight(page)).toBeLessThanOrEqual(0.5);
    await expectNoSeriousViolations(page);
    // All of it came with the page, for demo: read without the app, which waits for an intent.
    await page.waitForLoadState('networkidle');
    expect(await appRunning(page)).toBe(false);

    // Insights opens on that agent, its charts with their axes.
    await insights.tap();
    await expect(page).toHaveURL(`/my-agents?tab=insights&agent=${lift.id}`);
    await expect(page.getByLabel('Agent', { exact: true })).toHaveValue(String(lift.id));
    await expect(page.getByRole('figure', { name: 'Tries per day' })).toBeVisible({ timeout: 30_000 });
    expect(await overflowRight(page)).toBeLessThanOrEqual(0.5);
    await expectNoSeriousViolations(page);
  });

  test("Edit holds the cover: a small PNG previews cropped, uploads and shows; a 'What's new' note is saved", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await signInAsDemo(page);
    const agent = await demoAgent(page, baseURL);
    await page.goto('/my-agents');
    const card = page
      .getByRole('list', { name: 'Your agents' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: agent.name }) });
    await card.getByRole('link', { name: `Edit ${agent.name}` }).tap();
    await expect(page).toHaveURL(`/submit-agent?edit=${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Agent' })).toBeVisible();

    const cover = page.getByRole('group', { name: 'Cover picture (optional)' });
    await expect(cover).toBeVisible();
    await expect(page.getByLabel(/Image URL/)).toHaveCount(0);
    const chooser = cover.getByText('Choose a picture');
    await expectAtLeast44Tall(chooser);
    await cover.getByLabel('Choose a picture').setInputFiles(await pngFile(page));

    // Before anything is sent: the chosen picture in a 16:10 box, filled (cropped), not squeezed.
    const preview = cover.getByRole('img', { name: 'The chosen picture, cropped to 16:10 as it will show' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveCSS('object-fit', 'cover');
    const box = (await preview.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1.6, 1);
    await expectNoSeriousViolations(page);

    await cover.getByRole('button', { name: 'Upload cover' }).tap();
    await expect(cover.getByText('Cover saved. It shows on the agent’s page and cards.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(cover.getByRole('img', { name: 'The current cover' })).toHaveAttribute(
      'src',
      /^\/media\/covers\/[0-9a-f]{64}\.webp$/,
    );
    await expect(cover.getByRole('button', { name: 'Remove cover' })).toBeVisible();

    // The note: counted as it is typed, sent with the edit, shown on the agent's page.
    const note = `Now reads PDF invoices ${unique()}.`;
    const whatsNew = page.getByLabel(/What's new/);
    await whatsNew.fill(note);
    await expect(whatsNew).toHaveAccessibleDescription(new RegExp(`${note.length}/500 characters`));
    await page.getByRole('button', { name: 'Save Changes' }).tap();
    await expect(toast(page, 'Agent updated')).toBeVisible();
    await expect(page).toHaveURL(`/agents/${agent.id}`);
    await expect(page.getByRole('img', { name: `${agent.name} cover image` })).toHaveAttribute(
      'src',
      /\/media\/covers\/[0-9a-f]{64}\.webp$/,
    );
    await expect(page.getByRole('region', { name: "What's new" })).toContainText(note);

    // The everyday tools on the agent's page: Edit and Insights, no upload and no Delete.
    const manage = page.getByRole('region', { name: 'Manage Agent' });
    await expect(manage.getByRole('link', { name: 'Edit Agent' })).toBeVisible();
    await expect(manage.getByRole('link', { name: 'Insights' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Agent' })).toHaveCount(0);
    await expect(page.getByLabel(/Choose (a|another) picture/)).toHaveCount(0);

    // The console shows the new cover (its query was refreshed by the change).
    await page.goto('/my-agents');
    const row = page
      .getByRole('list', { name: 'Your agents' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: agent.name }) });
    await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/thumbs\/[0-9a-f]{64}\.webp$/);
  });

  test('Delete lives in the danger zone at the end of Edit Agent and asks first', async ({ page, baseURL }) => {
    await signInAsDemo(page);
    const agent = await demoAgent(page, baseURL);
    await page.goto(`/submit-agent?edit=${agent.id}`);
    const danger = page.getByRole('region', { name: 'Danger zone' });
    await expect(danger).toBeVisible();
    // After the form's own Save and Cancel.
    const save = (await page.getByRole('button', { name: 'Save Changes' }).boundingBox())!;
    expect((await danger.boundingBox())!.y).toBeGreaterThan(save.y + save.height);

    await danger.getByRole('button', { name: 'Delete Agent' }).tap();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${agent.name}?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(dialog).toBeHidden();
    expect((await page.request.get(`/api/agents/${agent.id}`)).status()).toBe(200);

    await danger.getByRole('button', { name: 'Delete Agent' }).tap();
    await dialog.getByRole('button', { name: 'Delete Agent' }).tap();
    await expect(page).toHaveURL('/my-agents');
    await expect(toast(page, 'Agent deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: agent.name })).toHaveCount(0);
    expect((await page.request.get(`/api/agents/${agent.id}`)).status()).toBe(404);
  });
});

test.describe('at 1280 px', () => {
  test.use(DESKTOP);

  test('the console is a table with headers; Edit opens the form with the cover', async ({ page }) => {
    await signInAsDemo(page);
    const expected = await consoleJson(page);
    await page.goto('/my-agents');
    const table = page.getByRole('table', { name: 'Your agents' });
    await expect(table).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your agents' })).toBeHidden();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Agent',
      'Status',
      'Tries (30 days)',
      'Earnings (30 days)',
      'Rating',
      'Actions',
    ]);
    await expect(table.getByRole('row')).toHaveCount(expected.agents.length + 1);
    for (const agent of expected.agents) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: agent.name }) });
      await expect(row.getByRole('cell').nth(1)).toHaveText(agent.triesLast30Days.toLocaleString('en-US'));
      await expect(row.getByRole('cell').nth(2)).toHaveText(money(agent.earningsLast30DaysCents));
      await expect(row.getByRole('cell').nth(3)).toContainText(agent.voteCount ? 'review' : 'No reviews yet');
      await expectAtLeast44Tall(row.getByRole('link', { name: `Edit ${agent.name}` }));
      await expectAtLeast44Tall(row.getByRole('link', { name: `Insights of ${agent.name}` }));
    }
    await expectNoSeriousViolations(page);

    const first = expected.agents[0]!;
    await table.getByRole('link', { name: `Edit ${first.name}` }).click();
    await expect(page).toHaveURL(`/submit-agent?edit=${first.id}`);
    await expect(page.getByRole('group', { name: 'Cover picture (optional)' })).toBeVisible();
    await expect(page.getByLabel(/What's new/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Danger zone' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
