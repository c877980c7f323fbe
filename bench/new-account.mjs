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
