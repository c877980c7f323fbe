// Creators are people here (docs/decisions/0028): a creator uploads a profile picture and
// a cover, a visitor opens the agent, taps the creator's name, sees the picture, bio and the other
// agents, and follows after signing in; the creator page passes axe. All at 360 px, in Chromium.
import { expectNoSeriousViolations } from './support/axe';
import { expect, test, type Browser, type Page } from './support/test';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
test.use(PHONE);
// Registrations count against a client of their own (20 per client per hour).
const CLIENT = { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
test.use({ extraHTTPHeaders: CLIENT });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** A real PNG of that size, drawn by the browser (the app decodes what it uploads). */
async function pngFile(
  page: Page,
  width: number,
  height: number,
  colour: string,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(
    ([w, h, c]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w as number;
      canvas.height = h as number;
      const g = canvas.getContext('2d')!;
      g.fillStyle = c as string;
      g.fillRect(0, 0, w as number, h as number);
      g.fillStyle = '#fff';
      g.fillRect(20, 20, (w as number) / 3, (h as number) / 3);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height, colour] as const,
  );
  return { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

async function newCreator(page: Page): Promise<{ username: string; agents: { id: number; name: string }[] }> {
  const username = `maker${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const [category] = (await (await page.request.get('/api/categories')).json()) as { id: number }[];
  const [department] = (await (await page.request.get('/api/departments')).json()) as { id: number }[];
  const agents = [];
  for (const name of [`Brief Builder ${username}`, `Inbox Tamer ${username}`]) {
    const res = await page.request.post('/api/agents', {
      data: {
        name,
        description: 'Turns long threads into a short brief with the decisions and owners.',
        categoryId: category!.id,
        departmentId: department!.id,
        creditCost: 4,
        features: ['Summaries'],
        externalUrl: 'https://example.com/agent',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    agents.push((await res.json()) as { id: number; name: string });
  }
  return { username, agents };
}

const visitorPage = async (browser: Browser) =>
  (
    await browser.newContext({ ...PHONE, extraHTTPHeaders: CLIENT, baseURL: test.info().project.use.baseURL })
  ).newPage();

test('a creator uploads a picture and a cover; a visitor finds them from the agent page and follows', async ({
  page,
  browser,
}) => {
  // Two browsers, three uploads and a sign-in on a shared machine.
  test.setTimeout(420_000);
  const { username, agents } = await newCreator(page);
  const [first, second] = agents as [{ id: number; name: string }, { id: number; name: string }];

  // The creator fills in their public page and uploads a profile picture.
  await page.goto('/profile');
  const publicCard = page.getByRole('region', { name: 'Your public page' });
  await publicCard.getByLabel('Display name').fill('Morgan Maker');
  await publicCard.getByLabel('Bio').fill('I build agents that give people their mornings back.');
  await publicCard.getByLabel('Website').fill('https://morgan.example');
  await publicCard.getByRole('button', { name: 'Save public page' }).click();
  await expect(toast(page, 'Public page updated')).toBeVisible();
  await publicCard.getByLabel('Profile picture').setInputFiles(await pngFile(page, 900, 700, '#7c3aed'));
  await expect(toast(page, 'Profile picture updated')).toBeVisible();
  await expect(publicCard.getByRole('img', { name: "Morgan Maker's picture" })).toHaveAttribute(
    'src',
    /^\/media\/avatars\/[0-9a-f]{64}\.webp$/,
  );

  // A wrong file is refused with a message, and nothing changes.
  await publicCard
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(publicCard.getByRole('alert')).toHaveText('Pictures must be PNG, JPEG or WebP images');

  // The cover, from Edit Agent (docs/decisions/0043): chosen, previewed, uploaded; then the agent's page shows it.
  await page.goto(`/submit-agent?edit=${first.id}`);
  const cover = page.getByRole('group', { name: 'Cover picture (optional)' });
  await cover.getByLabel('Choose a picture').setInputFiles(await pngFile(page, 1600, 1000, '#0ea5e9'));
  await cover.getByRole('button', { name: 'Upload cover' }).click();
  await expect(cover.getByText('Cover saved. It shows on the agent’s page and cards.')).toBeVisible();
  await page.goto(`/agents/${first.id}`);
  await expect(page.getByRole('img', { name: `${first.name} cover image` })).toHaveAttribute(
    'src',
    /^\/media\/covers\/[0-9a-f]{64}\.webp$/,
  );
  const coverSrc = await page.getByRole('img', { name: `${first.name} cover image` }).getAttribute('src');
  const served = await page.request.get(coverSrc!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // A visitor opens the agent and taps the creator's name.
  const visitor = await visitorPage(browser);
  await visitor.goto(`/agents/${first.id}`);
  await expect(visitor.getByRole('img', { name: `${first.name} cover image` })).toHaveAttribute('src', coverSrc!);
  await expect(visitor.getByRole('heading', { name: 'More from this creator' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: second.name })).toBeVisible();
  await visitor.getByRole('link', { name: username, exact: true }).first().click();
  await expect(visitor).toHaveURL(`/creators/${username}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Morgan Maker' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: "Morgan Maker's picture" })).toHaveAttribute(
    'src',
    /^\/media\/avatars\//,
  );
  await expect(visitor.getByText('I build agents that give people their mornings back.')).toBeVisible();
  await expect(visitor.getByRole('link', { name: /morgan\.example/ })).toHaveAttribute('rel', 'nofollow ugc noopener');
  const list = visitor.getByRole('list', { name: 'Agents by Morgan Maker' });
  await expect(list.getByRole('link', { name: first.name })).toBeVisible();
  await expect(list.getByRole('link', { name: second.name })).toBeVisible();
  await expect(visitor.getByText(`@example.com`)).toHaveCount(0);
  await expectNoSeriousViolations(visitor);

  // Signing in to follow comes back here; following shows at once and stays.
  await visitor.getByRole('link', { name: 'Sign in to follow' }).click();
  await expect(visitor).toHaveURL(`/auth?next=%2Fcreators%2F${username}`);
  await visitor.getByLabel('Username or email').fill('demo');
  await visitor.getByLabel('Password', { exact: true }).fill('demo-password');
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(`/creators/${username}`);
  const follow = visitor.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  const following = visitor.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(visitor.getByText('1 follower', { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(visitor.getByText('1 follower', { exact: true })).toBeVisible();

  // The home page shows their new agents; /profile lists whom they follow.
  await visitor.goto('/');
  const fresh = visitor.getByRole('region', { name: 'New from creators you follow' });
  await expect(fresh.getByRole('link', { name: second.name })).toBeVisible();
  await visitor.goto('/profile');
  await expect(
    visitor.getByRole('region', { name: 'Following' }).getByRole('link', { name: /Morgan Maker/ }),
  ).toBeVisible();

  // Unfollow (demo follows nobody else in this run's data).
  await visitor.goto(`/creators/${username}`);
  await visitor.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(visitor.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(visitor.getByText('0 followers', { exact: true })).toBeVisible();
  await visitor.context().close();
});

test.describe('unknown creators', () => {
  test.use({ allowedConsoleErrors: [/404/] });
  test('an unknown username is the Not Found page with status 404', async ({ page }) => {
    const res = await page.goto('/creators/nobody-by-this-name');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});
