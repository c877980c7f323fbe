// One JSON object per log line (Workers Logs indexes its fields). Whatever goes in is redacted
// first: a field whose name says it holds a password, token, secret, cookie or email is replaced,
// and an email address anywhere in a string is masked, so no log line carries one.

import { DrizzleQueryError } from 'drizzle-orm';

type Level = 'info' | 'warn' | 'error';

const SECRET_KEY =
  /pass(word)?|token|secret|authori[sz]ation|cookie|e-?mail|credential|api[-_]?key|verifier|nonce|signature/i;
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
// Bearer tokens, Stripe keys and JWTs that might sit inside an error message.
const TOKEN_LIKE = /\b(?:Bearer\s+\S+|(?:sk|rk|pk|whsec)_(?:live|test)_\w+|ey[\w-]{10,}\.[\w-]{10,}\.[\w-]*)/g;

const redactString = (s: string): string => s.replace(EMAIL, '[email]').replace(TOKEN_LIKE, '[redacted]');

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 5) return '[…]';
  if (value instanceof DrizzleQueryError) {
    // Its message lists the query's parameters (password hashes, tokens, addresses): the query and
    // D1's own error (the cause) are kept, the parameters never.
    const message = redactString(`Failed query: ${value.query}`);
    return {
      name: value.name,
      message,
      cause: redact(value.cause, depth + 1),
      stack: value.stack && redactString(value.stack.replace(value.message, message)),
    };
  }
  if (value instanceof Error) {
    return { name: value.name, message: redactString(value.message), stack: value.stack && redactString(value.stack) };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v != null ? '[redacted]' : redact(v, depth + 1)]),
  );
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: redactString(msg),
    ...(redact(fields) as object),
  });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.info(line);
}
