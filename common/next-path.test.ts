import { describe, expect, it } from 'vitest';
import { authHref, NEXT_PATH_MAX, safeNextPath } from './next-path';
import { CONSENT_QUERY_MAX } from './oauth';

describe('safeNextPath', () => {
  it.each(['/', '/agents/7', '/agents?department=Sales&sort=rating', '/credits?amount=50#top'])(
    'accepts %j, a path of this site, with its query and hash',
    (path) => {
      expect(safeNextPath(path)).toBe(path);
    },
  );

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/a/../agents/7')).toBe('/agents/7');
    expect(safeNextPath('/..//evil.example')).toBeNull();
    expect(safeNextPath('/./%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/agents', 'protocol-relative with a path'],
    ['/\\evil.example', 'a backslash read as a slash'],
    ['/\\/evil.example', 'backslash then slash'],
    ['\\\\evil.example', 'two backslashes'],
    ['https://evil.example/x', 'absolute'],
    ['http://localhost/agents', 'absolute, even this host'],
    ['javascript:alert(1)', 'script'],
    ['/\t/evil.example', 'a tab the parser drops'],
    ['/\n/evil.example', 'a newline the parser drops'],
    ['agents/7', 'relative'],
    ['', 'empty'],
    ['/auth', 'the sign-in page'],
    ['/auth?next=/agents', 'the sign-in page with its own next'],
    ['/login', 'the other sign-in page'],
    ['/auth/google/callback', 'the Google callback'],
  ])('refuses %j (%s)', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('refuses what is not a string or too long', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(NEXT_PATH_MAX)}`)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(NEXT_PATH_MAX - 1)}`)).toBe(`/${'a'.repeat(NEXT_PATH_MAX - 1)}`);
  });

  it('keeps an OAuth authorization request as long as the consent page accepts (3,000 characters and its longest)', () => {
    const authorize = (length: number) => {
      const query = `?response_type=code&client_id=abc&state=`;
      return `/authorize${query}${'s'.repeat(length - '/authorize'.length - query.length)}`;
    };
    expect(safeNextPath(authorize(3000))).toBe(authorize(3000));
    expect(authHref(authorize(3000))).toBe(`/auth?${new URLSearchParams({ next: authorize(3000) })}`);
    const longest = authorize('/authorize'.length + CONSENT_QUERY_MAX);
    expect(safeNextPath(longest)).toBe(longest);
  });
});

describe('authHref', () => {
  it.each([
    ['/agents/7', '/auth?next=%2Fagents%2F7'],
    ['/agents?department=Sales', '/auth?next=%2Fagents%3Fdepartment%3DSales'],
    ['/', '/auth'],
    ['//evil.example', '/auth'],
    [undefined, '/auth'],
  ])('carries a checked path, and nothing for home or a bad one: %j → %s', (path, href) => {
    expect(authHref(path)).toBe(href);
  });
});
