// docs/decisions/0043 on the agent page and its cards, at a phone's 360 px with touch and a desktop's
// 1280 px: 'What's new' in the server's HTML, tries this month and the listing's health in words,
// 'No reviews yet', one badge for two names of one team (category first), your review once, and the
// card of an agent someone saved marked once its creator has written a note.
import type { APIRequestContext } from '@playwright/test';
import { agentNamed } from './support/agents';
import { expectNoSeriousViolations } from './support/axe';
import { executeLocal } from './support/local-db';
import { expect, test, type Locator, type Page } from './support/test';

// Registrations here count against a client of their own (20 per client per hour).
const CLIENT = `10.43.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': CLIENT } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DAY = 86_400_000;

interface Created {
  id: number;
  name: string;
  /** The creator's own API session. */
  creator: APIRequestContext;
  /** The agent as POST sent it: PUT takes it whole again. */
  body: Record<string, unknown>;
}

/** A new creator's agent in Human Resources / HR: two names of one team. */
async function agentOfNewCreator(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  request: APIRequestContext,
  baseURL: string,
): Promise<Created> {
  const creator = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL, 'CF-Connecting-IP': CLIENT },
  });
  const username = `news${unique()}`;
  const registered = await creator.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', isInternalLogin: false },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const departments = (await (await request.get('/api/departments')).json()) as {
    id: number;
    name: string;
    categoryId: number;
  }[];
  const hr = departments.find((d) => d.name === 'HR')!;
  const name = `Newsdesk ${unique()}`;
  const body = {
    name,
    description: "An agent made for the 'What's new' and health tests.",
    categoryId: hr.categoryId,
    departmentId: hr.id,
    creditCost: 3,
    features: ['Testing'],
    externalUrl: 'https://example.com/newsdesk',
  };
  const res = await creator.post('/api/agents', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const created = { id: ((await res.json()) as { id: number }).id, name, creator, body };
  made.push(created);
  return created;
}

// Agents made here are deleted after each test: specs that count the catalogue (Browse's 40 agents,
// Discover's newest first) run after this one.
const made: Created[] = [];
test.afterEach(async () => {
  for (const agent of made.splice(0)) {
    const res = await agent.creator.delete(`/api/agents/${agent.id}`);
    expect(res.status(), await res.text()).toBe(200);
    await agent.creator.dispose();
  }
});

/** The creator's edit carrying a 'What's new' note. */
async function writeNote(agent: Created, note: string): Promise<void> {
  const res = await agent.creator.put(`/api/agents/${agent.id}`, { data: { ...agent.body, whatsNew: note } });
  expect(res.status(), await res.text()).toBe(200);
}

const cardOf = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name });
const searchFor = (name: string) => `/search?q=${encodeURIComponent(name)}`;

/** The element's text, in the order the page reads it. */
const textOf = (locator: Locator) => locator.evaluate((element) => element.textContent ?? '');

for (const width of [360, 1280]) {
  test.describe(`agent page and cards at ${width} px`, () => {
    test.use(
      width < 800
        ? { viewport: { width, height: 780 }, hasTouch: true, isMobile: true }
        : { viewport: { width, height: 900 } },
    );
    const tap = (locator: Locator) => (width < 800 ? locator.tap() : locator.click());

    test("'What's new', tries and health are in the server's HTML, on the page and on the card; no reviews, one badge", async ({
      page,
      request,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const agent = await agentOfNewCreator(playwright, request, baseURL!);

      // Before any note, usage or check: no section, no status, 'No reviews yet', and the page says nobody tried it yet.
      await page.goto(`/agents/${agent.id}`);
      await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
      await expect(page.getByRole('region', { name: "What's new" })).toHaveCount(0);
      await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: /^Rated/ })).toHaveCount(0);
      await expect(page.getByText(/0\.0|from 0 reviews/)).toHaveCount(0);
      await expect(page.getByText('No tries yet this month')).toBeVisible();
      await expect(page.getByText(/^Status: /)).toHaveCount(0);
      // 'Human Resources' and 'HR' are one team: one badge, in the fuller name.
      await expect(page.getByText('Category: Human Resources')).toBeVisible();
      await expect(page.getByText(/^Department: /)).toHaveCount(0);

      // Two notes, then an hour's work of the cron: 52 tries, and the address not answering since yesterday.
      await writeNote(agent, 'First release: screens CVs against the role.');
      await writeNote(agent, 'Now reads PDF and Word CVs, and explains every score.');
      const since = new Date(Date.now() - DAY).toISOString();
      executeLocal(
        `UPDATE agents SET recent_tries = 52, health_status = 'down', health_since = '${since}', health_checked_at = '${new Date().toISOString()}' WHERE id = ${agent.id}`,
      );

      // The server's HTML has all of it, latest note first.
      const html = await (await request.get(`/agents/${agent.id}`)).text();
      expect(html).toMatch(/<section id="whats-new"[^>]*>/);
      expect(html).toContain('What&#x27;s new');
      const latest = html.indexOf('Now reads PDF and Word CVs');
      expect(latest).toBeGreaterThan(0);
      expect(latest).toBeLessThan(html.indexOf('First release: screens CVs'));
      expect(html).toMatch(/Show all (<!-- -->)?2(<!-- -->)? changes/);
      expect(html).toContain('52 tries this month');
      expect(html).toMatch(/Not responding(<!-- -->)? since /);
      const listing = await (await request.get(searchFor(agent.name))).text();
      expect(listing).toContain('52 tries this month');
      expect(listing).toMatch(/Not responding(<!-- -->)? since /);

      // In the browser: the latest note with its date, the rest behind 'Show all 2 changes'.
      await page.goto(`/agents/${agent.id}`);
      const news = page.getByRole('region', { name: "What's new" });
      await expect(news.getByText('Now reads PDF and Word CVs, and explains every score.')).toBeVisible();
      await expect(news.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      const earlier = news.getByText('First release: screens CVs against the role.');
      await expect(earlier).toBeHidden();
      await tap(news.getByText('Show all 2 changes'));
      await expect(earlier).toBeVisible();
      await expect(page.getByText('52 tries this month')).toBeVisible();
      const status = page.getByText(/^Status: Not responding since [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect(status).toBeVisible();
      await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);

      // Its card: the same tries and health, 'No reviews yet', one badge.
      await page.goto(searchFor(agent.name));
      const card = cardOf(page, agent.name);
      await expect(card.getByText('52 tries this month')).toBeVisible();
      await expect(card.getByText(/^Status: Not responding since /)).toBeVisible();
      await expect(card.getByText('No reviews yet')).toBeVisible();
      await expect(card.getByText('Category: Human Resources')).toBeVisible();
      await expect(card.getByText(/^Department: /)).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });

    test('category before department on the card and the page; health in words on a seeded card', async ({
      page,
      request,
    }) => {
      // MetricMind: 'Business' and 'Data & Analytics', two teams.
      const agent = await agentNamed(request, 'MetricMind');
      await page.goto(`/agents/${agent.id}`);
      const hero = page.getByRole('heading', { level: 1, name: agent.name }).locator('..');
      expect(await textOf(hero)).toMatch(/Category: Business\s*Department: Data & Analytics/);
      await page.goto(searchFor(agent.name));
      expect(await textOf(cardOf(page, agent.name).first())).toMatch(
        /Category: Business\s*Department: Data & Analytics/,
      );
    });

    test('your review is shown once: pinned as Your review, not again in the list', async ({
      page,
      request,
      playwright,
      baseURL,
    }) => {
      const agent = await agentOfNewCreator(playwright, request, baseURL!);
      const signedIn = await page.request.post('/api/auth/login', {
        data: { username: 'demo', password: 'demo-password', isInternalLogin: false },
        headers: { Origin: baseURL! },
      });
      expect(signedIn.ok(), await signedIn.text()).toBe(true);
      const comment = `Said once ${unique()}.`;
      const reviewed = await page.request.post('/api/ratings', {
        data: { agentId: agent.id, rating: 4, comment },
        headers: { Origin: baseURL! },
      });
      expect(reviewed.status(), await reviewed.text()).toBe(201);

      await page.goto(`/agents/${agent.id}`);
      // The rating once at the top; not '4.0' again above the bars.
      await expect(page.getByText('from 1 review')).toBeVisible();
      await tap(page.getByRole('tab', { name: 'Reviews (1)' }));
      const mine = page.getByRole('region', { name: 'Your review' });
      await expect(mine.getByText(comment)).toBeVisible();
      await expect(page.getByText(comment)).toHaveCount(1);
      await expect(page.getByText('4.0', { exact: true })).toHaveCount(1);
      await expect(page.getByText(/No reviews yet/)).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });

    test("a saved agent's card says 'Updated' once its creator writes a note, and leads to it", async ({
      page,
      request,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const agent = await agentOfNewCreator(playwright, request, baseURL!);
      // Saved on this device (a visitor: no account).
      await page.goto(`/agents/${agent.id}`);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await tap(save);
      await expect(save).toHaveAttribute('aria-pressed', 'true');
      // Kept once the device's list names it (the cookie /saved is drawn from).
      await expect
        .poll(async () => (await page.context().cookies()).find((c) => c.name === 'saved-agents')?.value ?? '')
        .toMatch(new RegExp(`(^|\\.)${agent.id}(\\.|$)`));
      await page.goto('/saved');
      await expect(cardOf(page, agent.name)).toBeVisible();
      // Nothing new since it was saved.
      await expect(cardOf(page, agent.name).getByRole('link', { name: /Updated/ })).toHaveCount(0);

      await writeNote(agent, 'Ranks candidates by the skills the role asks for.');

      // The listing's card of it: marked (the entry starts the app for it), its link to the note.
      await page.goto(searchFor(agent.name));
      const card = cardOf(page, agent.name);
      const mark = card.getByRole('link', {
        name: new RegExp(`^${agent.name}: Updated [A-Z][a-z]{2} \\d{1,2}, \\d{4}$`),
      });
      await expect(mark).toBeVisible();
      await expect(mark).toHaveAttribute('href', `/agents/${agent.id}#whats-new`);
      // A thumb's target: at least 24 px tall.
      expect((await mark.boundingBox())!.height).toBeGreaterThanOrEqual(24);
      await expectNoSeriousViolations(page);
      // Another agent's card, not saved, is not marked.
      await expect(page.getByRole('link', { name: /: Updated / })).toHaveCount(1);

      await tap(mark);
      await expect(page).toHaveURL(`/agents/${agent.id}#whats-new`);
      const news = page.getByRole('region', { name: "What's new" });
      await expect(news.getByText('Ranks candidates by the skills the role asks for.')).toBeInViewport();

      // On /saved too.
      await page.goto('/saved');
      await expect(cardOf(page, agent.name).getByRole('link', { name: /Updated/ })).toBeVisible();
    });
  });
}
