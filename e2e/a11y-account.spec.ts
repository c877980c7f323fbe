import { expect, test, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/axe';

async function signIn(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', {
    data: { username, password: 'demo-password', isInternalLogin: username === 'operator' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const widestRight = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      ...Array.from(document.querySelectorAll('main *, header *'), (el) => el.getBoundingClientRect())
        .filter((r) => r.width > 1)
        .map((r) => r.right),
    ),
  );

const VISITOR_ROUTES = [
  '/auth',
  '/propose-agent',
  '/documentation',
  '/tutorials',
  '/api',
  '/about',
  '/blog',
  '/careers',
  '/privacy',
  '/terms',
];

for (const path of VISITOR_ROUTES) {
  test(`a11y: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The API reference renders its routes once the OpenAPI document has arrived: check those too.
    if (path === '/api') await expect(page.getByText(/^\d+ routes$/)).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('a11y: auth screen in Internal / Register mode with errors', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: /Internal/ }).click();
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Email').fill('someone@gmail.com');
  await expect(page.getByText('Internal login requires a example.cc email address')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a11y: propose form with errors and the thank-you state', async ({ page }) => {
  await page.goto('/propose-agent');
  await page.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(page.getByText('Agent name is required')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('Agent name').fill('Accessible idea');
  await page.getByLabel('Description').fill('An idea sent while checking accessibility.');
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Your email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your proposal!' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

const SIGNED_IN_ROUTES = [
  ['/profile', 'demo'],
  ['/my-agents', 'My Agents'],
  ['/credits', 'Buy Credits'],
  ['/billing', 'Billing'],
  ['/settings', 'Settings'],
  ['/submit-agent', 'List your agent'],
] as const;

for (const [path, heading] of SIGNED_IN_ROUTES) {
  test(`a11y: ${path} (signed in)`, async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test(`${path} fits 360 px (signed in)`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'demo');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await widestRight(page)).toBeLessThanOrEqual(361);
  });
}

test('a11y: edit profile dialog is labelled and keyboard-usable', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
});

test('a11y: proposals inbox and admin controls', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/proposals');
  await expect(page.getByRole('heading', { level: 1, name: 'Proposals inbox' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.request.post('/api/auth/logout');
  await signIn(page, 'admin');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Admin Controls' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a11y: sandbox checkout', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/credits');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByRole('button', { name: /Pay \$100 \(test\)/ })).toBeVisible();
  await expectNoSeriousViolations(page);
});
