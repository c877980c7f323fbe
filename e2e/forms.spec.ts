import { expect, test, type Page } from './support/test';

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function signIn(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', {
    data: { username, password: 'demo-password', isInternalLogin: username === 'operator' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('propose an agent', () => {
  test('validation messages for visitors are the documented wording', async ({ page }) => {
    await page.goto('/propose-agent');
    await page.getByRole('button', { name: 'Submit Proposal' }).click();
    await expect(page.getByText('Agent name is required')).toBeVisible();
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(page.getByText('Your name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Agent name').fill('x'.repeat(101));
    await page.getByLabel('Description').fill('y'.repeat(1001));
    await page.getByLabel('Your email').fill('not-an-email');
    await expect(page.getByText('Agent name must be less than 100 characters')).toBeVisible();
    await expect(page.getByText('Description must be less than 1000 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a refused submit takes the focus to the first field in error, where its message is read', async ({ page }) => {
    await page.goto('/propose-agent');
    await page.getByLabel('Agent name').fill('Ledger helper');
    await page.getByLabel('Description').fill('Reconciles ledgers every night.');
    await page.getByRole('button', { name: 'Submit Proposal' }).focus();
    await page.keyboard.press('Enter');
    const yourName = page.getByLabel('Your name');
    await expect(yourName).toBeFocused();
    await expect(yourName).toHaveAccessibleDescription('Your name is required');

    await page.goto('/auth');
    // Usable once the app runs (the sign-in form waits for it).
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Username or email')).toBeFocused();
  });

  test('a visitor proposal reaches the operators inbox', async ({ page }) => {
    const name = `Visitor idea ${Date.now()}`;
    await page.goto('/propose-agent');
    await page.getByLabel('Agent name').fill(name);
    await page
      .getByLabel('Description')
      .fill('An agent that drafts replies to supplier emails and flags late deliveries.');
    await page.getByLabel('Your name').fill('Vera Visitor');
    await page.getByLabel('Your email').fill('vera@example.com');
    await page.getByRole('button', { name: 'Submit Proposal' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your proposal!' })).toBeVisible();
    await expect(page.getByRole('status').getByText(/within 2-3 business days/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Propose Another Agent' }).click();
    await expect(page.getByLabel('Agent name')).toHaveValue('');

    await signIn(page, 'operator');
    await page.goto('/proposals');
    const item = page.getByRole('article', { name });
    await expect(item).toBeVisible();
    await expect(item.getByText(/Vera Visitor/)).toBeVisible();
    await item.getByRole('button', { name: `Mark reviewed: ${name}` }).click();
    await expect(toast(page, 'Proposal reviewed')).toBeVisible();
    // The New list is fetched again: the reviewed idea leaves it.
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL(/\/proposals\?status=all$/);
    await expect(page.getByRole('article', { name }).getByText('Reviewed', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Reviewed', exact: true }).click();
    await expect(page).toHaveURL(/\/proposals\?status=reviewed$/);
    await expect(page.getByText(/^Showing \d+ of \d+ reviewed proposals?/)).toBeVisible();
    // The filtered view is a link that can be shared: opened afresh, it shows the same.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Reviewed', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article', { name })).toBeVisible();
  });
});

test.describe('submit an agent', () => {
  test('validation messages are the documented wording', async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/submit-agent');
    await page.getByRole('button', { name: 'List your agent' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(page.getByText('Please select a category')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

    const cost = page.getByLabel('Credit cost per try');
    await expect(cost).toHaveValue('3');
    await cost.fill('0');
    await expect(page.getByText('Minimum credit cost is 1')).toBeVisible();
    await cost.fill('101');
    await expect(page.getByText('Maximum credit cost is 100')).toBeVisible();
  });

  test('create, find in My Agents, edit and delete', async ({ page }) => {
    const name = `Test Agent ${Date.now()}`;
    await signIn(page, 'demo');
    await page.goto('/submit-agent');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Summarises long supplier contracts into one page.');
    await page.getByLabel('Category').selectOption({ label: 'Legal' });
    await page.getByLabel(/Department/).selectOption({ label: 'Legal' });
    await page.getByLabel('Credit cost per try').fill('7');
    await page.getByLabel(/Features/).fill('Clause extraction\nRisk flags');
    await page.getByLabel(/External URL/).fill('https://example.com/contract-agent');
    await page.getByRole('button', { name: 'List your agent' }).click();

    await expect(toast(page, 'Agent submitted')).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/\d+$/);
    const agentUrl = new URL(page.url()).pathname;
    const id = agentUrl.split('/').pop();

    await page.goto('/my-agents');
    await expect(page.getByRole('rowheader', { name })).toBeVisible();

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(`/submit-agent?edit=${id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(page.getByLabel('Credit cost per try')).toHaveValue('7');
    await expect(page.getByLabel(/Features/)).toHaveValue('Clause extraction\nRisk flags');
    const renamed = `${name} v2`;
    await page.getByLabel('Name', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Agent updated')).toBeVisible();
    await expect(page).toHaveURL(agentUrl);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    // Delete Agent and its dialog live in Edit Agent's danger zone, not among the agent page's tools.
    await expect(page.getByRole('button', { name: 'Delete Agent' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Manage Agent' }).getByRole('link', { name: 'Edit Agent' }).click();
    await page.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: 'Delete Agent' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: /Delete/ }).click();
    await expect(page).toHaveURL('/my-agents');
    await expect(page.getByRole('rowheader', { name: renamed })).toHaveCount(0);
  });

  test('someone else cannot edit an agent', async ({ page }) => {
    await signIn(page, 'demo');
    const others = (await (await page.request.get('/api/agents?limit=50')).json()) as {
      id: number;
      creatorId: number | null;
    }[];
    const session = (await (await page.request.get('/api/auth/session')).json()) as { id: number };
    const foreign = others.find((a) => a.creatorId !== session.id);
    expect(foreign).toBeTruthy();
    await page.goto(`/submit-agent?edit=${foreign!.id}`);
    await expect(page.getByRole('heading', { name: "You can't edit this agent" })).toBeVisible();
  });
});
