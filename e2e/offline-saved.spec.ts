import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import { confirmEmail } from './support/mail';
import { controlledBySw, persisted, reportOffline } from './support/pwa';
import { tapStar } from './support/rating';
import { appRunning } from './support/app-start';

// docs/decisions/0027: seen means saved, saved agents, search with no signal, reviews
// through the outbox. An offline browser logs the requests it cannot make.
test.use({
  allowedConsoleErrors: [/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/],
  extraHTTPHeaders: { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
});

interface ListedAgent {
  id: number;
  name: string;
  creatorUsername: string | null;
}

const agents = async (request: APIRequestContext, query = 'sort=reviews&limit=40') =>
  (await (await request.get(`/api/agents?${query}`)).json()) as ListedAgent[];

/**
 * The page itself leaves for the planned address in the task right after the frame that first drew
 * its content (a test asking from outside would take seconds on a slowed CPU). Not at the
 * first-contentful-paint report: on a busy 2-core machine with software compositing that report comes
 * 20 to 500 ms after the paint it times, and the app starts only from it (docs/decisions/0017).
 * It notes whether the app had taken the page over (it must not have: that is the case at stake) and,
 * when the paint report came before the page was gone, how long after that paint it left.
 */
function leaveAtFirstPaint() {
  const plan = JSON.parse(sessionStorage.getItem('leave-at-paint') ?? 'null') as { path: string; next: string } | null;
  if (!plan || location.pathname !== plan.path) return;
  sessionStorage.removeItem('leave-at-paint');
  localStorage.removeItem('left-after-paint');
  localStorage.removeItem('app-had-started');
  let leftAt: number | null = null;
  new PerformanceObserver((entries, observer) => {
    const paint = entries.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return;
    observer.disconnect();
    if (leftAt !== null) localStorage.setItem('left-after-paint', String(leftAt - paint.startTime));
  }).observe({ type: 'paint', buffered: true });
  // A frame is drawn only once the content and its style sheet are in: the first animation frame after
  // the content is parsed draws it; the task after that frame leaves.
  const content = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (!root?.firstElementChild) return;
    content.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        leftAt = performance.now();
        // React marks the element it hydrates.
        localStorage.setItem(
          'app-had-started',
          String(Object.keys(root).some((key) => key.startsWith('__reactContainer'))),
        );
        location.assign(plan.next);
      }, 0),
    );
  });
  content.observe(document, { childList: true, subtree: true });
}

/** Opens `url` and leaves it for `next` as soon as it has shown its content, before a 4x slower phone has started the app. */
async function leaveRightAfterFirstPaint(page: Page, url: string, next: string) {
  await page.evaluate(
    ([path, next]) => sessionStorage.setItem('leave-at-paint', JSON.stringify({ path, next })),
    [url, next],
  );
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForURL((address) => address.pathname === next);
  const [appHadStarted, afterPaint] = await page.evaluate(() => [
    localStorage.getItem('app-had-started'),
    localStorage.getItem('left-after-paint'),
  ]);
  expect(appHadStarted, 'left before the app took the page over').toBe('false');
  // How soon after the paint it left is recorded, not asserted: the page leaves in the task after the
  // first frame that drew its content whatever the machine's speed, and on a busy 2-core CI machine
  // under 4x that task once came 285 ms after the paint (the rest of the HTML parsed before it). What
  // is at stake is that the app had not taken over, checked above. Reported only when the paint
  // report came before the page had gone (negative: left before the paint was shown).
  if (afterPaint !== null)
    test.info().annotations.push({ type: 'left after first contentful paint (ms)', description: afterPaint });
}

async function signUp(request: APIRequestContext, baseURL: string | undefined) {
  const username = `saver_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', isInternalLogin: false },
    headers: { Origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

async function signIn(context: BrowserContext, username: string, baseURL: string | undefined) {
  const res = await context.request.post('/api/auth/login', {
    data: { username, password: 'correct-horse-battery' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('CPU 4x slower: a listing and an agent page, each left as soon as it showed, show offline', async ({
  page,
  context,
  request,
}) => {
  const [listed] = await agents(request);
  // Another agent, seen only on its own page, left at once.
  const [, other] = await agents(request, 'sort=newest&limit=2');
  await page.addInitScript(leaveAtFirstPaint);
  await page.goto('/about');
  await controlledBySw(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  await leaveRightAfterFirstPaint(page, '/agents', `/agents/${listed!.id}`);
  await page.waitForLoadState('domcontentloaded');
  await leaveRightAfterFirstPaint(page, `/agents/${other!.id}`, '/about');
  await page.waitForLoadState('domcontentloaded');

  await context.setOffline(true);
  try {
    await page.goto('/agents');
    await reportOffline(page);
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: listed!.name }).first()).toBeVisible();
    await expect(page.getByText('These agents have not been saved on this device yet')).toHaveCount(0);

    await page.goto(`/agents/${other!.id}`);
    await reportOffline(page);
    await expect(page.getByRole('heading', { level: 1, name: other!.name })).toBeVisible();
  } finally {
    await context.setOffline(false);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});

test("a device's very first page, only read, shows offline: the worker it registered saved it", async ({
  page,
  context,
  request,
}) => {
  // An agent on no other page this test opens: its own page is the first this browser ever loads.
  const [, , agent] = await agents(request, 'sort=newest&limit=3');
  await page.goto(`/agents/${agent!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: agent!.name })).toBeVisible();
  // The worker installs and takes this very page over (no reload), as on a phone.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Nothing was done on the page, so the app never ran there: what is saved, the worker saved.
  expect(
    await page.evaluate(() =>
      Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')),
    ),
  ).toBe(false);
  // Asked without opening the database (an open would create it) until the worker has made it.
  await expect
    .poll(() =>
      page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'agentmarket-offline')),
    )
    .toBe(true);
  await persisted(page, agent!.name);

  await context.setOffline(true);
  try {
    await page.reload();
    await reportOffline(page);
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: agent!.name })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('offline, /search and the search box find a misspelt saved agent, marked From this device', async ({
  page,
  context,
  request,
}) => {
  // An agent with a word long enough to forgive one wrong letter once misspelt (6 letters or more).
  const agent = (await agents(request)).find((a) => /[A-Za-z]{7,}/.test(a.name))!;
  const word = /[A-Za-z]{7,}/.exec(agent.name)![0];
  // One letter left out: 'Invoice' → 'Ivoice'.
  const misspelt = word[0] + word.slice(2);
  await page.goto(`/agents/${agent.id}`);
  await controlledBySw(page);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');

  await context.setOffline(true);
  try {
    await page.goto(`/search?q=${encodeURIComponent(misspelt.toLowerCase())}`);
    await reportOffline(page);
    await expect(page.getByText('From this device').first()).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Results from this device' })
        .getByRole('article')
        .filter({ hasText: agent.name })
        .first(),
    ).toBeVisible();

    // The saved list itself, offline.
    await page.goto('/saved');
    await reportOffline(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved agents' })).toBeVisible();
    const card = page.getByRole('list', { name: 'Saved agents' }).getByRole('article').filter({ hasText: agent.name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await context.setOffline(false);
  }
});

test('a review written offline, the tab closed, is delivered once when a new tab opens online', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const username = await signUp(context.request, baseURL);
  // A review needs a confirmed address (docs/decisions/0025): the mailed link first, as a person would.
  await confirmEmail(context.request, `${username}@example.com`, baseURL ?? '');
  const agent = (await agents(request)).find((a) => a.creatorUsername !== username)!;
  const comment = `Written in a tunnel ${Date.now()}`;
  await page.goto(`/agents/${agent.id}`);
  await controlledBySw(page);
  await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();

  await context.setOffline(true);
  await reportOffline(page);
  // As a person would see it: the app says so at the top, pushing the page down (a tap aimed as it
  // appears lands on what moves under the finger).
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await page.getByRole('button', { name: 'Write a Review' }).click();
  await tapStar(page.getByRole('group', { name: 'Your rating' }), '4 stars');
  await page.getByLabel(/Comment/).fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review saved on this device', { exact: true })).toBeVisible();
  // Among the agent's reviews as the person's own, marked as waiting on this device.
  const waiting = page.getByRole('region', { name: 'Your review' });
  await expect(waiting).toContainText(comment);
  await expect(waiting).toContainText('Queued');
  await expect(waiting).toContainText('Saved on this device');
  await page.close();

  const reviewsWith = async () => {
    const ratings = (await (await request.get(`/api/agents/${agent.id}/ratings`)).json()) as {
      comment: string | null;
      user: { username: string };
    }[];
    return ratings.filter((r) => r.comment === comment && r.user.username === username).length;
  };
  expect(await reviewsWith()).toBe(0);
  await context.setOffline(false);

  const next = await context.newPage();
  await next.goto(`/agents/${agent.id}`);
  await expect.poll(reviewsWith, { timeout: 20_000 }).toBe(1);
  // The app starts as the panel shows (it asks for the person's own review), though Write a Review is below the fold.
  await next.getByRole('tab', { name: /^Reviews/ }).click();
  const published = next.getByRole('region', { name: 'Your review' });
  await expect(published).toContainText(comment);
  await expect(published.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  await expect(published).not.toContainText('Queued');
  await next.goto('/settings');
  const item = next
    .getByRole('region', { name: 'On this device' })
    .getByRole('list', { name: 'Outbox' })
    .getByRole('listitem', { name: `Review of ${agent.name}` });
  await expect(item).toContainText('Delivered');
  // Sent once: a later start of the app sends nothing again.
  await next.reload();
  await expect(item).toContainText('Delivered');
  expect(await reviewsWith()).toBe(1);
});

test('saved agents follow the person between two browsers, and removing one removes it everywhere', async ({
  browser,
  baseURL,
  request,
}) => {
  const headers = { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  const one = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  const two = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  try {
    const username = await signUp(one.request, baseURL);
    await signIn(two, username, baseURL);
    const [agent] = await agents(request);

    const first = await one.newPage();
    await first.goto(`/agents/${agent!.id}`);
    const save = first.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () =>
        ((await (await one.request.get('/api/saved')).json()) as { agentId: number }[]).map((s) => s.agentId),
      )
      .toEqual([agent!.id]);

    const second = await two.newPage();
    // A device that never saw the list: the page comes drawn with the account's agents and never
    // says there are none on its way to merging with the account (watched from the first byte).
    await second.addInitScript(() => {
      const page = window as unknown as { saidEmpty?: boolean };
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('No saved agents yet')) page.saidEmpty = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await second.goto('/saved');
    const card = second
      .getByRole('list', { name: 'Saved agents' })
      .getByRole('article')
      .filter({ hasText: agent!.name });
    await expect(card).toBeVisible();
    // Merged: this device keeps it now (it names it to /saved).
    await expect
      .poll(async () => (await two.cookies()).find((cookie) => cookie.name === 'saved-agents')?.value)
      .toBe(String(agent!.id));
    await expect(card).toBeVisible();
    expect(await second.evaluate(() => (window as unknown as { saidEmpty?: boolean }).saidEmpty ?? false)).toBe(false);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('No saved agents yet')).toBeVisible();

    await expect.poll(async () => (await (await one.request.get('/api/saved')).json()) as unknown[]).toEqual([]);
    // The first browser learns of the removal when it opens again.
    await first.goto('/saved');
    await expect(first.getByText('No saved agents yet')).toBeVisible({ timeout: 20_000 });
  } finally {
    await one.close();
    await two.close();
  }
});

test('/saved comes drawn by the server with what this device saved, read without the app; a tap on Save before it removes the agent', async ({
  page,
  context,
  request,
}) => {
  const [first, second] = await agents(request);
  const savedCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'saved-agents');
  // A first visit: nothing saved, the empty list, and the app never started for it.
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'No saved agents yet' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);

  for (const agent of [first!, second!]) {
    await page.goto(`/agents/${agent.id}`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
  }
  // The device names them, newest first, to /saved only.
  await expect.poll(async () => (await savedCookie())?.value).toBe(`${second!.id}.${first!.id}`);
  expect((await savedCookie())?.path).toBe('/saved');

  await page.goto('/saved');
  const list = page.getByRole('list', { name: 'Saved agents' });
  await expect(list.getByRole('article')).toHaveText([new RegExp(second!.name), new RegExp(first!.name)]);
  const card = list.getByRole('article').filter({ hasText: first!.name });
  await expect(card.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);

  // A tap before the app is held, then answered: the agent leaves the list, on this device and in the cookie.
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toHaveCount(0);
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect.poll(async () => (await savedCookie())?.value).toBe(String(second!.id));

  // A device whose cookie is gone (or behind) still shows what it keeps: the page finds the
  // difference and starts the app, which reads the device's own list.
  await context.clearCookies({ name: 'saved-agents' });
  await page.goto('/saved');
  await expect(page.getByRole('list', { name: 'Saved agents' }).getByRole('article')).toHaveText([
    new RegExp(second!.name),
  ]);
  expect(await appRunning(page)).toBe(true);
});
