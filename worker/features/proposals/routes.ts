import { Hono } from 'hono';
import * as v from 'valibot';
import type { Proposal } from '../../../common/types';
import { anonymousProposalSchema, firstIssue, isHoneypotFilled, MESSAGES, signedInProposalSchema } from '../../../common/validation';
import type { AppEnv } from '../../env';
import { errorBody, fail, positiveInt } from '../../lib/http';
import { IDEMPOTENCY_KEY, INVALID_IDEMPOTENCY_KEY } from '../../lib/ledger';
import { jsonBody, parseAllKeys } from '../../lib/validator';
import { requireRole } from '../../middleware/session';
import { ANONYMOUS_PROPOSALS_PER_HOUR, overHourlyLimit } from '../../lib/throttle';

const PROPOSAL_COLUMNS =
  'id, name, description, proposer_name, proposer_email, user_id, status, created_at, reviewed_at';

interface ProposalRow {
  id: number;
  name: string;
  description: string;
  proposer_name: string;
  proposer_email: string;
  user_id: number | null;
  status: Proposal['status'];
  created_at: string;
  reviewed_at: string | null;
}

const toProposal = (r: ProposalRow): Proposal => ({
  id: r.id,
  name: r.name,
  description: r.description,
  proposerName: r.proposer_name,
  proposerEmail: r.proposer_email,
  userId: r.user_id,
  status: r.status,
  createdAt: r.created_at,
  reviewedAt: r.reviewed_at,
});

const PROPOSAL_NOT_FOUND = 'Proposal not found';
/** Inbox page size by default and at most. */
export const INBOX_PAGE = 50;
const INBOX_PAGE_MAX = 200;
const STATUS_MESSAGE = 'Status must be new or reviewed';
const PAGING_MESSAGE = `limit must be a whole number from 1 to ${INBOX_PAGE_MAX}, offset a whole number from 0`;
const KEY_USED = 'This Idempotency-Key was already used for another request';

const anyObject = jsonBody(v.record(v.string(), v.unknown()));

/** The body is checked against the visitor or the signed-in rules, so it is validated by hand. */
export const proposeAgentRoutes = new Hono<AppEnv>().post('/', anyObject, async (c) => {
  const user = c.var.user;
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) return fail(c, 400, INVALID_IDEMPOTENCY_KEY);
  const body = c.req.valid('json');
  if (isHoneypotFilled(body)) return fail(c, 400, MESSAGES.honeypot);
  const parsed = user ? parseAllKeys(signedInProposalSchema, body) : parseAllKeys(anonymousProposalSchema, body);
  if (!parsed.success) return c.json(errorBody(firstIssue(parsed.issues)), 400);
  const p = parsed.output;
  const db = c.env.DB;
  // Visitors are limited per client (an offline queue keeps a 429 and sends it later). A replay of an
  // already stored key is counted too, which is harmless: the limit is far above any real queue.
  if (!user && (await overHourlyLimit(c, 'proposal', ANONYMOUS_PROPOSALS_PER_HOUR))) {
    c.header('Retry-After', '3600');
    return fail(c, 429, MESSAGES.proposalsThrottled);
  }
  // A repeated key (an offline queue sending again) stores nothing new and answers with the first.
  const inserted = await db
    .prepare(
      `INSERT INTO proposals (name, description, proposer_name, proposer_email, user_id, idempotency_key)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${PROPOSAL_COLUMNS}`,
    )
    .bind(p.name, p.description, p.proposerName ?? user?.username ?? '', p.proposerEmail ?? user?.email ?? '', user?.id ?? null, key ?? null)
    .first<ProposalRow>();
  if (inserted) return c.json(toProposal(inserted), 201);
  const first = await db.prepare(`SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE idempotency_key = ?`).bind(key ?? null).first<ProposalRow>();
  // A key is only replayed to the account that used it, so nobody reads another user's proposal by its key.
  if (!first || first.user_id !== (user?.id ?? null)) return fail(c, 409, KEY_USED);
  return c.json(toProposal(first), 200);
});

const reviewSchema = v.object({ status: v.picklist(['new', 'reviewed'], STATUS_MESSAGE) });

export const proposalsRoutes = new Hono<AppEnv>()
  .use(requireRole('staff', 'admin'))
  // Paged (limit, offset; the total in X-Total-Count, as GET /api/agents) and filtered by status.
  .get('/', async (c) => {
    const status = c.req.query('status');
    // Any other status (or none) lists every proposal.
    const filter = status === 'new' || status === 'reviewed' ? status : null;
    const limitParam = c.req.query('limit');
    const offsetParam = c.req.query('offset');
    const limit = limitParam === undefined ? INBOX_PAGE : positiveInt(limitParam);
    const offset = offsetParam === undefined || offsetParam === '0' ? 0 : positiveInt(offsetParam);
    if (!limit || limit > INBOX_PAGE_MAX || offset === null) return fail(c, 400, PAGING_MESSAGE);
    const [page, total] = await c.env.DB.batch<ProposalRow | { n: number }>([
      c.env.DB.prepare(
        `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE ?1 IS NULL OR status = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
      ).bind(filter, limit, offset),
      c.env.DB.prepare('SELECT count(*) AS n FROM proposals WHERE ?1 IS NULL OR status = ?1').bind(filter),
    ]);
    c.header('X-Total-Count', String((total!.results[0] as { n: number }).n));
    return c.json((page!.results as ProposalRow[]).map(toProposal));
  })
  .patch('/:id', anyObject, async (c) => {
    const id = positiveInt(c.req.param('id'));
    const parsed = parseAllKeys(reviewSchema, c.req.valid('json'));
    if (!parsed.success) return c.json(errorBody(firstIssue(parsed.issues)), 400);
    const { status } = parsed.output;
    const row = id
      ? await c.env.DB.prepare(
          `UPDATE proposals SET status = ?1,
             reviewed_by = CASE WHEN ?1 = 'reviewed' THEN ?2 END,
             reviewed_at = CASE WHEN ?1 = 'reviewed' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
           WHERE id = ?3 RETURNING ${PROPOSAL_COLUMNS}`,
        )
          .bind(status, c.var.user!.id, id)
          .first<ProposalRow>()
      : null;
    if (!row) return fail(c, 404, PROPOSAL_NOT_FOUND);
    return c.json(toProposal(row));
  });

