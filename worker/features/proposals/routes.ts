import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { asJsonSchema } from '#common/json-schema.ts';
import type { Proposal } from '#common/types.ts';
import {
  anonymousProposalSchema,
  firstIssue,
  IDEMPOTENCY_KEY,
  isHoneypotFilled,
  MESSAGES,
  signedInProposalSchema,
} from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { now, proposals } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { errorBody, fail, positiveInt } from '#worker/lib/http.ts';
import { INVALID_IDEMPOTENCY_KEY } from '#worker/lib/idempotency.ts';
import { proposalSchemaOut } from '#common/api-schemas.ts';
import {
  error,
  IDEMPOTENCY_KEY_HEADER,
  json,
  POSITIVE_INT_MAX,
  route,
  throttled,
  TOTAL_COUNT,
} from '#worker/lib/openapi.ts';
import { idParam, jsonBody, parseAllKeys, validated } from '#worker/lib/validator.ts';
import { requireRole } from '#worker/middleware/session.ts';
import {
  ACCOUNT_PROPOSALS_PER_HOUR,
  ANONYMOUS_PROPOSALS_PER_HOUR,
  HOUR_MS,
  overAccountHourlyLimit,
  overHourlyLimit,
  tooMany,
} from '#worker/lib/throttle.ts';

/** What an API answer shows of a proposal, in the Proposal type's order (the rows are the answers). */
const PROPOSAL_COLUMNS = {
  id: proposals.id,
  name: proposals.name,
  description: proposals.description,
  proposerName: proposals.proposerName,
  proposerEmail: proposals.proposerEmail,
  userId: proposals.userId,
  status: proposals.status,
  createdAt: proposals.createdAt,
  reviewedAt: proposals.reviewedAt,
} satisfies Record<keyof Proposal, unknown>;

const PROPOSAL_NOT_FOUND = 'Proposal not found';
/** Inbox page size by default and at most. */
export const INBOX_PAGE = 50;
const INBOX_PAGE_MAX = 200;
const STATUS_MESSAGE = 'Status must be new or reviewed';
const PAGING_MESSAGE = `limit must be a whole number from 1 to ${INBOX_PAGE_MAX}, offset a whole number from 0`;
const KEY_USED = 'This Idempotency-Key was already used for another request';

/** Any JSON object, checked by hand below; documented as what it must be. */
const anyObject = (documentedAs: v.GenericSchema) => jsonBody(v.record(v.string(), v.unknown()), documentedAs);

/** The body is checked against the visitor or the signed-in rules, so it is validated by hand. */
export const proposeAgentRoutes = new Hono<AppEnv>().post(
  '/',
  route({
    tag: 'proposals',
    summary: 'Propose an agent idea',
    description:
      'Visitors give their name and email; signed-in people may leave them out. With an Idempotency-Key, a repeat stores nothing new and answers the first.',
    access: 'anyone',
    personal: true,
    parameters: [IDEMPOTENCY_KEY_HEADER],
    responses: {
      201: json(proposalSchemaOut, 'Stored'),
      200: json(proposalSchemaOut, 'A repeat: the proposal first stored with this key'),
      409: error(KEY_USED),
      429: throttled(MESSAGES.proposalsThrottled),
    },
  }),
  anyObject(v.union([anonymousProposalSchema, signedInProposalSchema])),
  async (c) => {
    const user = c.var.user;
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) return fail(c, 400, INVALID_IDEMPOTENCY_KEY);
    const body = c.req.valid('json');
    if (isHoneypotFilled(body)) return fail(c, 400, MESSAGES.honeypot);
    const parsed = user ? parseAllKeys(signedInProposalSchema, body) : parseAllKeys(anonymousProposalSchema, body);
    if (!parsed.success) return c.json(errorBody(firstIssue(parsed.issues)), 400);
    const p = parsed.output;
    const db = orm(c.env.DB);
    // Visitors are limited per client (an offline queue keeps a 429 and sends it later). A replay of an
    // already stored key is counted too, which is harmless: the limit is far above any real queue.
    // Signed-in accounts are limited too, per account and per client (docs/decisions/0024): an account
    // is free to make, so it must not be a way around the visitors' limit.
    const overLimit = user
      ? (
          await Promise.all([
            overHourlyLimit(c, 'proposal', ANONYMOUS_PROPOSALS_PER_HOUR),
            overAccountHourlyLimit(c, 'proposal', user.id, ACCOUNT_PROPOSALS_PER_HOUR),
          ])
        ).some(Boolean)
      : await overHourlyLimit(c, 'proposal', ANONYMOUS_PROPOSALS_PER_HOUR);
    if (overLimit) {
      return tooMany(c, MESSAGES.proposalsThrottled, HOUR_MS);
    }
    // A repeated key (an offline queue sending again) stores nothing new and answers with the first.
    const [inserted] = await db
      .insert(proposals)
      .values({
        name: p.name,
        description: p.description,
        proposerName: p.proposerName ?? user?.username ?? '',
        proposerEmail: p.proposerEmail ?? user?.email ?? '',
        userId: user?.id ?? null,
        idempotencyKey: key ?? null,
      })
      .onConflictDoNothing({ target: proposals.idempotencyKey })
      .returning(PROPOSAL_COLUMNS);
    if (inserted) return c.json(inserted, 201);
    // Only a key can conflict (a row without one is always inserted).
    const [first] =
      key === undefined
        ? []
        : await db.select(PROPOSAL_COLUMNS).from(proposals).where(eq(proposals.idempotencyKey, key));
    // A key is only replayed to the account that used it, so nobody reads another user's proposal by its key.
    if (!first || first.userId !== (user?.id ?? null)) return fail(c, 409, KEY_USED);
    return c.json(first, 200);
  },
);

const reviewSchema = v.object({ status: v.picklist(['new', 'reviewed'], STATUS_MESSAGE) });

export const proposalsRoutes = new Hono<AppEnv>()
  .use(requireRole('staff', 'admin'))
  // Paged (limit, offset; the total in X-Total-Count, as GET /api/agents) and filtered by status.
  .get(
    '/',
    route({
      tag: 'proposals',
      summary: 'The proposals inbox',
      access: 'staff',
      responses: { 200: json(v.array(proposalSchemaOut), 'Newest first', TOTAL_COUNT), 400: error(PAGING_MESSAGE) },
    }),
    // For the document: the paging checks below answer in our own words.
    validated(
      'query',
      v.object({
        status: v.optional(v.pipe(v.string(), v.description('new or reviewed; anything else lists every proposal'))),
        limit: v.optional(
          v.pipe(
            v.string(),
            asJsonSchema({ type: 'integer', minimum: 1, maximum: INBOX_PAGE_MAX }),
            v.description(`Page size, 1 to ${INBOX_PAGE_MAX} (default ${INBOX_PAGE})`),
          ),
        ),
        offset: v.optional(
          v.pipe(
            v.string(),
            asJsonSchema({ type: 'integer', minimum: 0, maximum: POSITIVE_INT_MAX }),
            v.description('How many to skip'),
          ),
        ),
      }),
    ),
    async (c) => {
      const status = c.req.query('status');
      // Any other status (or none) lists every proposal.
      const filter = status === 'new' || status === 'reviewed' ? status : null;
      const limitParam = c.req.query('limit');
      const offsetParam = c.req.query('offset');
      const limit = limitParam === undefined ? INBOX_PAGE : positiveInt(limitParam);
      const offset = offsetParam === undefined || offsetParam === '0' ? 0 : positiveInt(offsetParam);
      if (!limit || limit > INBOX_PAGE_MAX || offset === null) return fail(c, 400, PAGING_MESSAGE);
      const db = orm(c.env.DB);
      const where = filter ? eq(proposals.status, filter) : undefined;
      // The page and its total read together.
      const [page, total] = await db.batch([
        db
          .select(PROPOSAL_COLUMNS)
          .from(proposals)
          .where(where)
          .orderBy(desc(proposals.createdAt), desc(proposals.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(proposals).where(where),
      ]);
      c.header('X-Total-Count', String(total[0]!.n));
      return c.json(page);
    },
  )
  .patch(
    '/:id',
    route({
      tag: 'proposals',
      summary: 'Mark a proposal reviewed or new',
      access: 'staff',
      responses: { 200: json(proposalSchemaOut, 'The proposal'), 404: error(PROPOSAL_NOT_FOUND) },
    }),
    anyObject(reviewSchema),
    idParam('id', PROPOSAL_NOT_FOUND),
    async (c) => {
      const { id } = c.req.valid('param');
      const parsed = parseAllKeys(reviewSchema, c.req.valid('json'));
      if (!parsed.success) return c.json(errorBody(firstIssue(parsed.issues)), 400);
      const { status } = parsed.output;
      const reviewed = status === 'reviewed';
      const [row] = await orm(c.env.DB)
        .update(proposals)
        .set({ status, reviewedBy: reviewed ? c.var.user!.id : null, reviewedAt: reviewed ? now : null })
        .where(eq(proposals.id, id))
        .returning(PROPOSAL_COLUMNS);
      if (!row) return fail(c, 404, PROPOSAL_NOT_FOUND);
      return c.json(row);
    },
  );
