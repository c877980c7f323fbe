// This product's own API (docs/product.md#api), as the /api reference page lists it.

export type Caller = 'Anyone' | 'Signed-in user' | 'Creator' | 'Creator or admin' | 'The user themself' | 'Staff or admin' | 'Admin' | 'Stripe' | 'API token';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  who: Caller;
  body?: string;
  response: string;
  notes?: string;
}

export interface ApiGroup {
  id: string;
  title: string;
  routes: ApiRoute[];
}

export const API_GROUPS: ApiGroup[] = [
  {
    id: 'api-config',
    title: 'Configuration',
    routes: [
      {
        method: 'GET',
        path: '/api/config',
        who: 'Anyone',
        response: '{ staffEmailDomain, googleEnabled, paymentsMode: "stripe" | "sandbox", providerMode, version }',
        notes: 'Non-secret settings the app uses to show the right controls.',
      },
    ],
  },
  {
    id: 'api-auth',
    title: 'Authentication',
    routes: [
      { method: 'GET', path: '/api/auth/session', who: 'Anyone', response: 'The user { id, username, email, credits, consumed, role, profilePicture, createdAt }, or 401' },
      {
        method: 'POST',
        path: '/api/auth/register',
        who: 'Anyone',
        body: '{ username, email, password, isInternalLogin }',
        response: '201 with the user; sets the session cookie',
        notes: 'Internal registration needs an email in the staff domain. New accounts get 100 credits.',
      },
      {
        method: 'POST',
        path: '/api/auth/login',
        who: 'Anyone',
        body: '{ username (username or email), password, isInternalLogin? }',
        response: '200 with the user and a session cookie; 401 { message } for wrong credentials; 429 when throttled',
      },
      { method: 'POST', path: '/api/auth/logout', who: 'Anyone', response: 'Ends the session and clears the cookie' },
      {
        method: 'GET',
        path: '/api/auth/login/google',
        who: 'Anyone',
        response: 'Redirect to Google (PKCE, state and nonce)',
        notes: 'Optional ?isInternalLogin=true asks for a staff account. Only when Google sign-in is configured.',
      },
      {
        method: 'GET',
        path: '/api/auth/google/callback',
        who: 'Anyone',
        response: 'Finishes sign-in and redirects to /auth/google/callback (with ?error= on failure)',
      },
      { method: 'POST', path: '/api/auth/google', who: 'Anyone', body: '{ credential } (a Google ID token)', response: 'The user and a session cookie' },
      {
        method: 'POST',
        path: '/api/auth/external-login',
        who: 'Anyone',
        body: '{ externalUserData, email }',
        response: 'The user and a session cookie',
        notes: 'Only when an external agents provider is configured; its tokens stay on the server.',
      },
    ],
  },
  {
    id: 'api-agents',
    title: 'Agents',
    routes: [
      {
        method: 'GET',
        path: '/api/agents',
        who: 'Anyone',
        response: 'Array of agents; the total is in the X-Total-Count header',
        notes: 'Optional q, categoryId, departmentId, sort (popular, newest, rating, reviews), limit (up to 100) and offset.',
      },
      { method: 'GET', path: '/api/agents/search?q=', who: 'Anyone', response: 'Array of matching agents', notes: 'Full-text and prefix-aware; any input is safe.' },
      { method: 'GET', path: '/api/agents/category/{categoryId}', who: 'Anyone', response: 'Array of agents in the category' },
      { method: 'GET', path: '/api/agents/creator/{userId}', who: 'Anyone', response: 'Array of the agents that user created' },
      { method: 'GET', path: '/api/agents/{id}', who: 'Anyone', response: 'One agent, or 404' },
      {
        method: 'POST',
        path: '/api/agents',
        who: 'Signed-in user',
        body: '{ name, description, longDescription?, categoryId, departmentId?, creditCost? (1-100, default 3), features?, videoUrl?, imageUrl?, externalUrl? }',
        response: '201 with the new agent; the caller becomes its creator',
      },
      { method: 'PUT', path: '/api/agents/{id}', who: 'Creator', body: 'Same fields as creating', response: 'The updated agent; 403 for anyone else' },
      { method: 'DELETE', path: '/api/agents/{id}', who: 'Creator or admin', response: 'Deletes the agent with its ratings' },
      {
        method: 'POST',
        path: '/api/agents/{id}/try',
        who: 'Signed-in user',
        body: 'None; optional Idempotency-Key header',
        response: '{ balance, consumed, url }; 402 when the balance is too low',
        notes: 'Charges the agent’s credit cost once per key; free for the creator.',
      },
    ],
  },
  {
    id: 'api-ratings',
    title: 'Ratings and reviews',
    routes: [
      { method: 'GET', path: '/api/agents/{id}/ratings', who: 'Anyone', response: 'Array of ratings, newest first, each with user { username }' },
      {
        method: 'POST',
        path: '/api/ratings',
        who: 'Signed-in user',
        body: '{ agentId, userId?, rating (whole number 1-5), comment? }',
        response: 'The saved rating',
        notes: 'One review per user and agent: a second one replaces the first. userId, when sent, must be the caller’s.',
      },
    ],
  },
  {
    id: 'api-categories',
    title: 'Categories and departments',
    routes: [
      { method: 'GET', path: '/api/categories', who: 'Anyone', response: 'Array of categories with agentCount' },
      { method: 'GET', path: '/api/categories/{id}', who: 'Anyone', response: 'One category, or 404' },
      { method: 'GET', path: '/api/departments', who: 'Anyone', response: 'Array of departments' },
      { method: 'GET', path: '/api/departments/{id}', who: 'Anyone', response: 'One department, or 404' },
    ],
  },
  {
    id: 'api-users',
    title: 'Users',
    routes: [
      { method: 'GET', path: '/api/users/{id}', who: 'Anyone', response: 'Public profile { id, username, displayName, bio, website, profilePicture, createdAt }; never the email' },
      { method: 'PUT', path: '/api/users/{id}', who: 'The user themself', body: '{ username, email }', response: 'The updated user; errors carry the reason in error' },
      {
        method: 'PUT',
        path: '/api/users/{id}/public-profile',
        who: 'The user themself',
        body: '{ displayName?, bio? (up to 500 characters), website? (http or https) }; blank clears a field',
        response: 'The public profile',
      },
    ],
  },
  {
    id: 'api-creators',
    title: 'Creators, follows and pictures',
    routes: [
      {
        method: 'GET',
        path: '/api/creators/{username}',
        who: 'Anyone',
        response: '{ creator (public profile), totals { agents, tries, rating, reviews, followers }, agents }; 404 for an unknown name',
        notes: 'Optional sort (popular, newest, rating, reviews). The rating is damped as rankings are; null without reviews.',
      },
      { method: 'GET', path: '/api/creators/{username}/follow', who: 'Anyone', response: '{ following, followers } for the caller (following is false for visitors)' },
      { method: 'GET', path: '/api/follows', who: 'Signed-in user', response: 'The creators the caller follows, newest first' },
      { method: 'GET', path: '/api/follows/agents', who: 'Signed-in user', response: 'The newest agents of the creators the caller follows (up to 6)' },
      { method: 'PUT', path: '/api/follows/{creatorId}', who: 'Signed-in user', response: '{ following: true, followers }', notes: 'Idempotent; 400 for oneself, 404 for nobody.' },
      { method: 'DELETE', path: '/api/follows/{creatorId}', who: 'Signed-in user', response: '{ following: false, followers }', notes: 'Idempotent.' },
      {
        method: 'PUT',
        path: '/api/media/profile-picture',
        who: 'Signed-in user',
        body: 'multipart/form-data with picture: PNG, JPEG or WebP up to 2 MB, 64 to 4096 px a side',
        response: '{ profilePicture }: a /media/… path',
        notes: 'The type is read from the bytes (415 otherwise), 413 over 2 MB; the previous picture is deleted.',
      },
      { method: 'DELETE', path: '/api/media/profile-picture', who: 'Signed-in user', response: '{ profilePicture: null }' },
      {
        method: 'PUT',
        path: '/api/media/agents/{id}/cover',
        who: 'Creator',
        body: 'multipart/form-data with cover and optional thumbnail, each as for the profile picture',
        response: '{ imageUrl, thumbnailUrl }; 403 for anyone else, before anything is stored',
      },
      { method: 'DELETE', path: '/api/media/agents/{id}/cover', who: 'Creator', response: '{ imageUrl: null, thumbnailUrl: null }' },
      { method: 'GET', path: '/media/{key}', who: 'Anyone', response: 'The stored picture with its type, Cache-Control: public, max-age=31536000, immutable and nosniff' },
    ],
  },
  {
    id: 'api-proposals',
    title: 'Proposals',
    routes: [
      {
        method: 'POST',
        path: '/api/propose-agent',
        who: 'Anyone',
        body: '{ name, description, proposerName, proposerEmail } (visitors); { name, description } (signed in)',
        response: '201 with the proposal',
        notes: 'Optional Idempotency-Key header: a proposal sent twice (e.g. queued offline) is stored once.',
      },
      { method: 'GET', path: '/api/proposals', who: 'Staff or admin', response: 'The operators’ inbox, newest first' },
      { method: 'PATCH', path: '/api/proposals/{id}', who: 'Staff or admin', body: '{ status: "reviewed" }', response: 'The updated proposal' },
    ],
  },
  {
    id: 'api-credits',
    title: 'Credits and payments',
    routes: [
      { method: 'GET', path: '/api/credits/balance', who: 'Signed-in user', response: '{ balance, consumed }' },
      {
        method: 'GET',
        path: '/api/credits/transactions',
        who: 'Signed-in user',
        response: 'The caller’s ledger, newest first: { id, kind (signup, purchase, try, admin_topup), amount, balanceAfter, reference, description, createdAt }',
      },
      {
        method: 'POST',
        path: '/api/payments/create-checkout',
        who: 'Signed-in user',
        body: '{ amount (at least 50), userId? }',
        response: '{ url } of Stripe Checkout, or of the test-mode checkout page when Stripe is not configured',
      },
      { method: 'GET', path: '/api/payments/sandbox/{id}', who: 'Signed-in user', response: 'A test-mode checkout { id, credits, amountCents, status }', notes: 'Test mode only, for the session’s owner.' },
      { method: 'POST', path: '/api/payments/sandbox/{id}/complete', who: 'Signed-in user', response: 'Credits the purchase through the same code as Stripe’s webhook' },
      { method: 'POST', path: '/api/payments/sandbox/{id}/cancel', who: 'Signed-in user', response: 'Abandons the checkout; nothing is credited' },
      {
        method: 'POST',
        path: '/api/payments/webhook',
        who: 'Stripe',
        body: 'Stripe event (signature-verified)',
        response: '200',
        notes:
          'checkout.session.completed credits the account once per checkout session; transfer.created marks a payout paid, transfer.reversed failed (its money back to available earnings), account.updated records a connected account’s onboarding.',
      },
    ],
  },
  {
    id: 'api-earnings',
    title: 'Earnings and payouts',
    routes: [
      {
        method: 'GET',
        path: '/api/earnings',
        who: 'Signed-in user',
        response: '{ pendingCents, availableCents, lifetimeCents, paidOutCents, sharePercent, holdDays } of the caller’s earnings',
        notes: 'paidOutCents counts earnings moved into credits and payouts that are pending or paid. Session only, like every route here.',
      },
      {
        method: 'POST',
        path: '/api/earnings/to-credits',
        who: 'Signed-in user',
        body: '{ credits? }, optional Idempotency-Key header',
        response: '{ balance, consumed, moved, earnings }; 409 when that much is not available',
      },
      {
        method: 'GET',
        path: '/api/earnings/payout-account',
        who: 'Signed-in user',
        response: '{ mode: "stripe" | "sandbox" | "none", account: { provider, detailsSubmitted, payoutsEnabled } | null, minimumCents }',
      },
      {
        method: 'POST',
        path: '/api/earnings/payout-account',
        who: 'Signed-in user',
        response: '{ url } of Stripe Connect’s onboarding (an Express account is created on first use), or of the test onboarding page in test mode',
        notes: '503 “Payouts are not configured” without Stripe keys or test mode.',
      },
      { method: 'POST', path: '/api/earnings/payout-account/sandbox', who: 'Signed-in user', response: 'Connects a pretend account; the account status', notes: 'Test mode only.' },
      { method: 'GET', path: '/api/earnings/payouts', who: 'Signed-in user', response: '{ payouts: [{ id, amountCents, state: "pending" | "paid" | "failed", provider, failureReason, createdAt, updatedAt }] }, newest first' },
      {
        method: 'POST',
        path: '/api/earnings/payouts',
        who: 'Signed-in user',
        body: '{ amountCents? (at least 2000; default all available) }, optional Idempotency-Key header',
        response: '201 { payout, earnings }: a transfer to the connected account, pending until Stripe reports it',
        notes: 'Never more than the available earnings; 409 without a ready account or enough available, 503 when payouts are not configured.',
      },
      {
        method: 'POST',
        path: '/api/earnings/payouts/{id}/sandbox',
        who: 'Signed-in user',
        body: '{ outcome: "paid" | "failed" }',
        response: '{ payout, earnings }; a failed payout’s money is available again',
        notes: 'Test mode only, for the payout’s creator (404 for anyone else): stands in for Stripe’s transfer webhooks.',
      },
    ],
  },
  {
    id: 'api-tokens',
    title: 'API tokens and MCP',
    routes: [
      {
        method: 'POST',
        path: '/api/tokens',
        who: 'Signed-in user',
        body: '{ name, scopes: ["read" | "try"] }',
        response: '201 { id, token, name, scopes, createdAt, lastUsedAt }',
        notes: 'The token is shown only in this answer; only its hash is stored. Session only: a token cannot manage tokens.',
      },
      { method: 'GET', path: '/api/tokens', who: 'Signed-in user', response: 'Your active tokens [{ id, name, scopes, createdAt, lastUsedAt }], never the tokens themselves' },
      { method: 'DELETE', path: '/api/tokens/{id}', who: 'Signed-in user', response: '{ ok: true }; 404 for a token that is not yours', notes: 'Revoked tokens answer 401 from then on.' },
      {
        method: 'POST',
        path: '/mcp',
        who: 'API token',
        body: 'MCP JSON-RPC (Streamable HTTP, stateless), Authorization: Bearer <token>',
        response: 'Tools search_agents, get_agent, list_categories, try_agent (scope try) and my_balance',
        notes:
          'Authorization: Bearer <token> also works on the API: scope read for the catalogue, your balance and history; scope try for tries (charged like the Try button, Idempotency-Key honoured). Never for account, payment or token routes; 60 requests a minute per token.',
      },
    ],
  },
  {
    id: 'api-earnings',
    title: 'Creators’ earnings',
    routes: [
      { method: 'GET', path: '/api/earnings', who: 'Signed-in user', response: '{ pendingCents, availableCents, lifetimeCents, paidOutCents, sharePercent, holdDays }', notes: 'The caller’s own. Session only.' },
      {
        method: 'POST',
        path: '/api/earnings/to-credits',
        who: 'Signed-in user',
        body: '{ credits? }',
        response: '{ balance, consumed, moved, earnings }; 409 when less than that is available',
        notes: 'Optional Idempotency-Key. Session only.',
      },
      { method: 'GET', path: '/api/earnings/statements', who: 'Signed-in user', response: 'The months with rows in your earnings ledger, newest first: [{ month: "YYYY-MM", entries }]', notes: 'UTC months. Session only.' },
      {
        method: 'GET',
        path: '/api/earnings/statements/{YYYY-MM}',
        who: 'Signed-in user',
        response: 'CSV download (UTF-8): Date (UTC), Kind, Agent, Amount (USD), Balance (USD); a month without rows is the header alone; 400 for a bad month',
        notes: 'Every earning, refund reversal, move to credits and payout of your own in that month, with the running balance of your earnings. Session only.',
      },
    ],
  },
  {
    id: 'api-admin',
    title: 'Administration',
    routes: [
      {
        method: 'GET',
        path: '/api/admin/totals?from=&to=&format=',
        who: 'Admin',
        response:
          '{ from, to, days: [{ date, creditsSold, creditsGranted, creditsSpent, creditsRefunded, creatorsShareCents, platformShareCents, movedToCreditsCents, paidOutCents }], totals }; format=csv: the same as a CSV download',
        notes: 'UTC days from from to to (YYYY-MM-DD, both included; the last 30 days by default, at most 366), days without data as zeros. Session only.',
      },
      { method: 'GET', path: '/api/admin/people?q=', who: 'Admin', response: 'Up to 20 people whose username or email starts with q: [{ id, username, email, role, credits }]', notes: 'Session only.' },
      {
        method: 'GET',
        path: '/api/admin/people/{id}/transactions',
        who: 'Admin',
        response: '{ person, transactions: [the person’s ledger, newest first, each with refunded] }',
        notes: 'Support’s view of a person’s history. Session only.',
      },
      {
        method: 'POST',
        path: '/api/admin/refunds',
        who: 'Admin',
        body: '{ ledgerId }',
        response: '{ refunded: true, userId, credits, balance }; 409 when the try was free or already refunded, 404 for no such try',
        notes: 'Gives a try’s credits back and reverses the creator’s earning, in one batch, once.',
      },
      {
        method: 'POST',
        path: '/api/admin/ensure-minimum-credits',
        who: 'Admin',
        response: '{ totalUpdated }',
        notes: 'Tops every account below 100 credits up to 100, with a ledger row each.',
      },
    ],
  },
];
