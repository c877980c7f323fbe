import { expect, test, type Page } from './support/test';

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const unique = () => `u${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('auth screen', () => {
  test('register a new account, edit the profile and log out', async ({ page }) => {
    const username = unique();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Registration successful')).toBeVisible();
    await expect(page.getByTestId('navbar-credits')).toHaveText('100');

    // Named by what it shows first (label in name), so a voice-control user can say it.
    await page.getByRole('button', { name: `${username}, account menu`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
    await expect(page.getByText('No agents yet')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Username').fill('x');
    await dialog.getByLabel('Email').fill('nope');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    const renamed = `${username}x`;
    await dialog.getByLabel('Username').fill(renamed);
    await dialog.getByLabel('Email').fill(`${renamed}@example.com`);
    // A new address needs the current password (docs/product.md#accounts) and counts once confirmed by mail.
    await dialog.getByLabel('Current password').fill('secret-pass');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByRole('main').getByText(`${username}@example.com`)).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(toast(page, 'Logged out')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('sign in as demo lands on home with the server balance', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('navbar-credits')).toHaveText(/^\d[\d,]*$/);
    // Signed in, /auth sends you home.
    await page.goto('/auth');
    await expect(page).toHaveURL('/');
  });

  test.describe(() => {
    // The refused sign-in answers 401, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 401/] });
    test('wrong password shows Login failed with the server message', async ({ page }) => {
      await page.goto('/auth');
      await page.getByLabel('Username or email').fill('demo');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(toast(page, 'Login failed')).toBeVisible();
      await expect(page).toHaveURL('/auth');
    });
  });

  test('validation messages are the documented wording', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Username or email').fill('ab');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  test('Internal mode needs a company email and offers show/hide password', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: /Internal/ }).click();
    await expect(page.getByRole('button', { name: /Internal/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('.cc', { exact: true })).toBeVisible();
    await expect(page.getByText(/A company email address ending in @example\.cc is required/)).toBeVisible();

    await page.getByRole('tab', { name: 'Register' }).click();
    const email = page.getByLabel('Email');
    await email.fill('someone@gmail.com');
    await expect(page.getByText('Internal login requires a example.cc email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await email.fill('someone@example.cc');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-pass');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('staff sign in through the Internal tab', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: /Internal/ }).click();
    await page.getByLabel(/Username or example\.cc email/).fill('operator@example.cc');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Proposals inbox' })).toBeVisible();
  });

  test('an error parameter is a Google sign-in error, then removed from the address', async ({ page }) => {
    await page.goto('/auth?error=access_denied');
    await expect(toast(page, 'Authentication failed')).toBeVisible();
    // The link's own text is never shown (docs/decisions/0024).
    await expect(toast(page, 'Please try again.')).toBeVisible();
    await expect(page.getByText('access_denied')).toHaveCount(0);
    await expect(page).toHaveURL('/auth');
  });

  test('the Google callback reports errors and sends you back to sign in', async ({ page }) => {
    await page.goto('/auth/google/callback?error=Your%20account%20is%20locked.%20Call%20%2B1-555-0100');
    await expect(toast(page, 'Authentication Error')).toBeVisible();
    // Any text in a link shows as the generic failure; the attacker's words never appear.
    await expect(toast(page, 'Authentication failed')).toBeVisible();
    await expect(page.getByText(/555-0100/)).toHaveCount(0);
    await expect(page).toHaveURL('/auth');
    // A message the worker really sends is shown as it is.
    await page.goto('/auth/google/callback?error=Google%20sign-in%20was%20cancelled');
    await expect(toast(page, 'Google sign-in was cancelled')).toBeVisible();
  });
});

test.describe('protected pages', () => {
  const cases = [
    ['/my-agents', 'You need to be logged in to view your agents'],
    ['/profile', 'Please log in to view your profile'],
    ['/credits', 'You need to be logged in to purchase credits'],
    ['/submit-agent', 'You need to be logged in to submit an agent'],
    ['/billing', 'Please log in to view your billing history'],
    ['/settings', 'Please log in to change your settings'],
  ] as const;
  for (const [path, message] of cases) {
    test(`${path} sends visitors to /auth, and back once signed in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
      await expect(toast(page, 'Authentication required')).toBeVisible();
      await expect(toast(page, message)).toBeVisible();
      await page.getByLabel('Username or email').fill('demo');
      await page.getByLabel('Password', { exact: true }).fill('demo-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(path);
    });
  }
});
