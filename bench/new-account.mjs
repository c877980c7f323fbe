// A new account on a running server, signed in, for the bench's signed-in pages.

/**
 * Registers a new account on `origin` (`prefix` and the time make its name) and returns its session
 * cookies as the bench keeps them ({ name, value, url }); throws when the server refuses.
 */
export async function newAccountCookies(origin, prefix = 'bench') {
  const name = `${prefix}${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`could not register on ${origin}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((cookie) => {
    const [key, ...value] = cookie.split(';')[0].split('=');
    return { name: key, value: value.join('='), url: origin };
  });
}

/** The cookies as the bench keeps them, as one `Cookie` request header's value. */
export const cookieHeader = (cookies) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/**
 * Lists `count` agents as the signed-in account of `cookies` through the API (POST /api/agents, as
 * Submit Agent does), so its console (/my-agents) has rows to show. Returns their ids; throws when
 * the server refuses one.
 */
export async function createAgents(origin, cookies, count) {
  const headers = { 'Content-Type': 'application/json', Origin: origin, Cookie: cookieHeader(cookies) };
  const categoriesRes = await fetch(`${origin}/api/categories`);
  if (!categoriesRes.ok) throw new Error(`/api/categories: ${categoriesRes.status} ${await categoriesRes.text()}`);
  const categories = await categoriesRes.json();
  const ids = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${origin}/api/agents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Bench Helper ${i + 1}`,
        description: `Agent ${i + 1} of the bench's own account, so that its console lists rows.`,
        categoryId: categories[i % categories.length].id,
        creditCost: 5 + i,
        features: ['Answers in seconds', 'Reads spreadsheets'],
      }),
    });
    if (res.status !== 201) throw new Error(`could not list an agent on ${origin}: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).id);
  }
  return ids;
}
