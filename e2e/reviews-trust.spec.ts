// docs/decisions/0025 at a phone's 360 px and a desktop's 1280 px: your review edited then deleted, the creator's
// reply, the histogram and 'Show more', and a reported review hidden by staff and gone for visitors.
import type { APIRequestContext, Browser } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { confirmEmail } from './support/mail';
import { tapStar } from './support/rating';
import { expect, test, type Page } from './support/test';

// Registrations here count against a client of their own (20 per client per hour).
const CLIENT = `10.25.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': CLIENT } });

/** Seeded demo accounts (password demo-password, addresses confirmed) who review the test agents. */
const REVIEWERS = [
  'demo',
  'maria_k',
  'jlee',
  'tomasz.w',
  'aisha_r',
  'devon',
  'sofia_m',
  'kenji',
  'rachel.o',
  'marcus_b',
  'admin',
  'operator',
];
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signedIn(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  username: string,
) {
  const ctx = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL, 'CF-Connecting-IP': CLIENT },
  });
  const res = await ctx.post('/api/auth/login', {
    data: { username, password: 'demo-password', isInternalLogin: username === 'operator' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

/** A new account signed in on `request` (the page's own when it is page.request). */
async function register(request: APIRequestContext, baseURL: string, prefix: string) {
  const username = `${prefix}${unique()}`;
  const res = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', isInternalLogin: false },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

/** An agent listed by a new creator account; the creator's API context comes back with it. */
async function agentOfNewCreator(request: APIRequestContext, baseURL: string) {
  const creator = await register(request, baseURL, 'crt');
  const name = `Reviewbench ${unique()}`;
  const res = await request.post('/api/agents', {
    data: {
      name,
      description: 'An agent made for the review trust tests.',
      categoryId: 1,
      departmentId: 1,
      creditCost: 3,
      features: ['Testing'],
      externalUrl: 'https://example.com/bench',
    },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, name, creator };
}

const reviewsTab = (page: Page) => page.getByRole('tab', { name: /^Reviews \(\d+\)$/ });

for (const width of [360, 1280]) {
  test.describe(`reviews at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 780 : 900 } });

    test('your review edited then deleted; the creator replies; histogram and Show more', async ({
      page,
      playwright,
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const origin = baseURL!;
      const creatorApi = await playwright.request.newContext({
        baseURL: origin,
        extraHTTPHeaders: { 'CF-Connecting-IP': CLIENT },
      });
      const agent = await agentOfNewCreator(creatorApi, origin);
      // Twelve reviews from the demo accounts: 5,4,3,2,1,5,4,...
      for (const [i, username] of REVIEWERS.entries()) {
        const ctx = await signedIn(playwright, origin, username);
        const res = await ctx.post('/api/ratings', {
          data: { agentId: agent.id, rating: 5 - (i % 5), comment: `Bench review ${i + 1} by ${username}` },
        });
        expect(res.status(), await res.text()).toBe(201);
        await ctx.dispose();
      }

      // A new person, address confirmed through the mailed link, on the page.
      const me = await register(page.request, origin, 'rev');
      await confirmEmail(page.request, `${me}@example.com`, origin);
      await page.goto(`/agents/${agent.id}`);
      await expect(page.getByText('from 12 reviews').first()).toBeVisible();
      await reviewsTab(page).click();

      const histogram = page.getByRole('list', { name: 'Ratings by star' });
      await expect(histogram.getByRole('listitem')).toHaveCount(5);
      await expect(histogram.getByRole('listitem').first()).toHaveText(/5\s*stars:\s*3 reviews/);
      await expect(histogram.getByRole('listitem').last()).toHaveText(/1\s*star:\s*2 reviews/);
      const reviews = page.getByRole('list', { name: 'Reviews', exact: true });
      await expect(reviews.getByRole('listitem')).toHaveCount(10);
      await expect(page.getByText('Showing 10 of 12 reviews')).toBeVisible();
      await page.getByRole('button', { name: 'Show more' }).click();
      await expect(reviews.getByRole('listitem')).toHaveCount(12);
      await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
      await page.getByLabel('Sort reviews').selectOption('lowest');
      await expect(reviews.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName('1 out of 5 stars');

      // Write, then edit: the form comes back filled and says 'Update review'.
      await page.getByRole('button', { name: 'Write a Review' }).click();
      const form = page.getByRole('form', { name: 'Write a review' });
      // The form opens under its button, in view: on a phone not behind the try bar.
      const stars = form.getByRole('group', { name: 'Your rating' });
      await expect(stars).toBeInViewport({ ratio: 1 });
      const tryBar = page.getByRole('region', { name: /^Try / });
      if (width < 800)
        await expect
          .poll(async () => (await stars.boundingBox())!.y + (await stars.boundingBox())!.height)
          .toBeLessThanOrEqual((await tryBar.boundingBox())!.y);
      await tapStar(form, '4 stars');
      await form.getByLabel(/Comment/).fill('Good first impression.');
      await form.getByRole('button', { name: 'Submit Review' }).click();
      const mine = page.getByRole('region', { name: 'Your review' });
      await expect(mine.getByText('Good first impression.')).toBeVisible();
      await expect(page.getByText('from 13 reviews').first()).toBeVisible();
      // On a phone the notice sits below the navbar, over what is about to scroll there: it goes by itself (5 s).
      await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Review submitted')).toHaveCount(0);
      await mine.getByRole('button', { name: 'Edit your review' }).click();
      const edit = page.getByRole('form', { name: 'Edit your review' });
      await expect(edit.getByLabel(/Comment/)).toHaveValue('Good first impression.');
      await expect(edit.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await tapStar(edit, '2 stars');
      await edit.getByLabel(/Comment/).fill('It broke on the second run.');
      await edit.getByRole('button', { name: 'Update review' }).click();
      await expect(mine.getByText('It broke on the second run.')).toBeVisible();
      await expect(mine.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
      await expect(page.getByText('from 13 reviews').first()).toBeVisible();
      // Their own review once: pinned as 'Your review', not again in the list.
      await expect(page.getByText('It broke on the second run.')).toHaveCount(1);
      await expect(reviews.getByText('It broke on the second run.')).toHaveCount(0);
      await expectNoSeriousViolations(page);

      // Delete, after a confirmation.
      await mine.getByRole('button', { name: 'Delete review' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your review?' });
      await dialog.getByRole('button', { name: 'Delete review' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Your review' })).toHaveCount(0);
      await expect(page.getByText('from 12 reviews').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();

      // The creator answers demo's review in public.
      const creatorPage = await signedInPage(browser, origin, creatorApi, page.viewportSize());
      await creatorPage.goto(`/agents/${agent.id}`);
      await reviewsTab(creatorPage).click();
      await expect(creatorPage.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
      // demo's review is the oldest of twelve: the eleventh by 'Most helpful', after 'Show more'.
      await creatorPage.getByRole('button', { name: 'Show more' }).click();
      const demoReview = creatorPage.getByRole('listitem', { name: 'Review by demo' });
      await demoReview.getByRole('button', { name: 'Reply to demo' }).click();
      await demoReview.getByLabel('Your public reply').fill('Thanks! The export got faster in version 2.');
      await demoReview.getByRole('button', { name: 'Post reply' }).click();
      await expect(demoReview.getByText('Response from the creator')).toBeVisible();
      await creatorPage.context().close();

      // Everyone sees it under the review.
      await page.reload();
      await reviewsTab(page).click();
      await page.getByRole('button', { name: 'Show more' }).click();
      const seen = page.getByRole('listitem', { name: 'Review by demo' });
      await expect(seen.getByText('Response from the creator')).toBeVisible();
      await expect(seen.getByText('Thanks! The export got faster in version 2.')).toBeVisible();
      await creatorApi.dispose();
    });

    test('a reported review hidden by staff is gone for visitors', async ({ page, playwright, browser, baseURL }) => {
      test.setTimeout(240_000);
      const origin = baseURL!;
      const creatorApi = await playwright.request.newContext({
        baseURL: origin,
        extraHTTPHeaders: { 'CF-Connecting-IP': CLIENT },
      });
      const agent = await agentOfNewCreator(creatorApi, origin);
      await creatorApi.dispose();
      const spam = `Cheap followers at spam-${unique()}.example`;
      const kenji = await signedIn(playwright, origin, 'kenji');
      expect(
        (await kenji.post('/api/ratings', { data: { agentId: agent.id, rating: 1, comment: spam } })).status(),
      ).toBe(201);
      await kenji.dispose();

      // devon reports it.
      const devon = await signedIn(playwright, origin, 'devon');
      const reporter = await signedInPage(browser, origin, devon, page.viewportSize());
      await reporter.goto(`/agents/${agent.id}`);
      await reviewsTab(reporter).click();
      await reporter.getByRole('button', { name: 'Report review by kenji' }).click();
      const dialog = reporter.getByRole('dialog', { name: 'Report this review' });
      await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
      await dialog.getByLabel(/Details/).fill('An advert for followers.');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(reporter.getByText('Report sent', { exact: true })).toBeVisible();
      // Reported once: the button says so, and cannot send a second.
      await expect(reporter.getByRole('button', { name: 'Reported review by kenji' })).toBeDisabled();
      await reporter.context().close();
      await devon.dispose();

      // Staff hide it from the moderation queue, beside the proposals inbox.
      const operator = await signedIn(playwright, origin, 'operator');
      const staff = await signedInPage(browser, origin, operator, page.viewportSize());
      await staff.goto('/proposals');
      await staff
        .getByRole('navigation', { name: 'Operator pages' })
        .getByRole('link', { name: 'Moderation queue' })
        .click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Moderation queue' })).toBeVisible();
      const item = staff.getByRole('article', { name: `Review by kenji of ${agent.name}` });
      await expect(item.getByText(spam)).toBeVisible();
      await expect(item.getByText('1 open report')).toBeVisible();
      await expectNoSeriousViolations(staff);
      await item.getByRole('button', { name: `Hide: Review by kenji of ${agent.name}` }).click();
      await expect(staff.getByRole('article', { name: `Review by kenji of ${agent.name}` })).toHaveCount(0);
      await staff.getByRole('button', { name: 'Hidden', exact: true }).click();
      const hidden = staff.getByRole('article', { name: `Review by kenji of ${agent.name}` });
      await expect(hidden.getByText(/^Hidden by operator/)).toBeVisible();
      await staff.context().close();
      await operator.dispose();

      // A visitor sees neither the review nor its star in the count.
      await page.goto(`/agents/${agent.id}`);
      // Never five empty stars and '0.0 from 0 reviews'.
      await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
      await expect(page.getByText('from 0 reviews')).toHaveCount(0);
      await page.getByRole('tab', { name: 'Reviews (0)' }).click();
      await expect(page.getByText('No reviews yet. Be the first to review this agent!')).toBeVisible();
      await expect(page.getByText(spam)).toHaveCount(0);
    });
  });
}

/** A page in a new browser context carrying the cookies of a signed-in API context. */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  api: APIRequestContext,
  viewport: { width: number; height: number } | null,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: await api.storageState(),
    viewport,
    extraHTTPHeaders: { 'CF-Connecting-IP': CLIENT },
  });
  return context.newPage();
}
