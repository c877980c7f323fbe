import { expect, test } from './support/test';
import {
  controlledBySw,
  fillProposal,
  inboxCount,
  reportOffline,
  savedPagesShowOffline,
  signedInOperator,
} from './support/pwa';

// An offline browser logs the requests it cannot make; anything else it logs fails the test.
test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/] });

test('a listing, an agent and its reviews each seen for 200 ms and left by full navigations all show offline', async ({
  page: first,
  context,
  request,
}) => {
  let page = first;
  const [agent] = (await (await request.get('/api/agents?sort=reviews&limit=1')).json()) as {
    id: number;
    name: string;
  }[];
  const [review] = (await (await request.get(`/api/agents/${agent!.id}/ratings`)).json()) as {
    user: { username: string };
  }[];
  await page.goto('/');
  await controlledBySw(page);

  await page.goto('/agents');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForTimeout(200);
  await page.goto(`/agents/${agent!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: agent!.name })).toBeVisible();
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
  await expect(page.getByRole('list', { name: 'Reviews' }).getByText(review!.user.username).first()).toBeVisible();
  await page.waitForTimeout(200);
  // The harshest way to leave: the tab closes (a phone dropping the app), not just another page.
  await page.close();

  page = await context.newPage();
  await savedPagesShowOffline(page, context, agent!, review!.user.username);
});

test('with no page open, a Background Sync event delivers the queued proposal', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const name = `Synced idea ${Date.now()}`;
  const operator = await signedInOperator(playwright, baseURL);
  try {
    await page.goto('/propose-agent');
    await controlledBySw(page);
    await context.setOffline(true);
    await fillProposal(page, name);
    await page.getByRole('button', { name: 'Submit Proposal' }).click();
    await expect(page.getByRole('heading', { name: 'Proposal saved on this device' })).toBeVisible();
    await page.close();
    // Nothing reached the server while offline. (Back online, Chromium may fire the sync itself
    // before the test does: either way it is the service worker, with no page open, that delivers.)
    expect(await inboxCount(operator, name)).toBe(0);
    await context.setOffline(false);

    // No page of the app is open: a blank tab only carries the DevTools session.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const scope = new URL('/', baseURL).href;
    await expect.poll(() => registrations.get(scope)).toBeTruthy();
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL!).origin,
      registrationId: registrations.get(scope)!,
      tag: 'outbox',
      lastChance: false,
    });
    await expect.poll(() => inboxCount(operator, name), { timeout: 20_000 }).toBe(1);
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
  } finally {
    await context.setOffline(false);
    await operator.dispose();
  }
});

test('Settings, On this device: what is saved, the outbox with Retry and Discard, and private data gone at logout', async ({
  page,
  context,
}) => {
  expect(
    (await page.request.post('/api/auth/login', { data: { username: 'demo', password: 'demo-password' } })).ok(),
  ).toBe(true);
  const name = `Kept idea ${Date.now()}`;
  await page.goto('/agents');
  await controlledBySw(page);
  await expect(page.getByRole('article').first()).toBeVisible();

  await context.setOffline(true);
  try {
    await page.goto('/propose-agent');
    await reportOffline(page);
    await page.getByLabel('Agent name').fill(name);
    await page.getByLabel('Description').fill('Keeps a list of ideas until the signal comes back.');
    await page.getByRole('button', { name: 'Submit Proposal' }).click();
    await expect(page.getByRole('heading', { name: 'Proposal saved on this device' })).toBeVisible();

    await page.goto('/settings');
    await reportOffline(page);
    const section = page.getByRole('region', { name: 'On this device' });
    await expect(section.getByText(/^\d+ items? \(listings/)).toBeVisible();
    await expect(section.getByText(/^[1-9][\d.,]* (KB|bytes|MB)$/)).toBeVisible();
    const item = section.getByRole('list', { name: 'Outbox' }).getByRole('listitem', { name });
    await expect(item).toContainText('Queued');
    await item.getByRole('button', { name: `Retry ${name}` }).click();
    await expect(item).toContainText(/attempt/);
    await item.getByRole('button', { name: `Discard ${name}` }).click();
    await expect(item).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }

  // Logout removes the private entries saved for offline use (the session's among them).
  const privateSaved = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const open = indexedDB.open('agentmarket-offline');
          open.onsuccess = () => {
            const keys = open.result.transaction('queries', 'readonly').objectStore('queries').getAllKeys();
            keys.onsuccess = () =>
              resolve(
                keys.result.map(String).filter((key) => /^\["(auth|credits|my-agents|proposals|payments)"/.test(key)),
              );
          };
        }),
    );
  await page.reload();
  await expect.poll(privateSaved).not.toEqual([]);
  await page.getByRole('button', { name: 'Log out' }).last().click();
  await expect(page).toHaveURL('/');
  await expect.poll(privateSaved).toEqual([]);
});
