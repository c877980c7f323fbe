import { Hono } from 'hono';
import { GUARANTEED_MINIMUM_CREDITS } from '#common/constants.ts';
import type { AppEnv } from '#worker/env.ts';
import { requireRole } from '#worker/middleware/session.ts';
import { csvResponse } from '#worker/lib/csv.ts';
import { fail } from '#worker/lib/http.ts';
import { refundTry, topUpToMinimum } from '#worker/domain/credits/index.ts';
import { jsonBody, validated } from '#worker/lib/validator.ts';
import * as v from 'valibot';
import { asJsonSchema } from '#common/json-schema.ts';
import { operatorTotalsSchema, personSummarySchema, supportHistorySchema } from '#common/api-schemas.ts';
import { error, ID_SCHEMA, json, route } from '#worker/lib/openapi.ts';
import { findPeople, supportHistory } from './support';
import { getTotals, TOTALS_DEFAULT_DAYS, TOTALS_MAX_DAYS, totalsCsv } from './totals';

export const TRY_NOT_FOUND = 'No try with that ledger id';
export const TRY_WAS_FREE = 'That try cost nothing: there is nothing to refund';
export const TRY_ALREADY_REFUNDED = 'That try was already refunded';
const refundSchema = v.object({
  ledgerId: v.pipe(v.number(TRY_NOT_FOUND), v.integer(TRY_NOT_FOUND), v.minValue(1, TRY_NOT_FOUND)),
});

export const INVALID_DAY = 'from and to are days written YYYY-MM-DD, for example 2026-11-26';
export const FROM_AFTER_TO = 'from must not be after to';
export const RANGE_TOO_LONG = `A range is at most ${TOTALS_MAX_DAYS} days`;
export const INVALID_FORMAT = 'format is json or csv';
export const INVALID_PEOPLE_QUERY = 'Search for a username or an email address of 2 to 254 characters';
export const INVALID_PERSON_ID = 'A person id is a positive whole number';
export const PERSON_NOT_FOUND = 'No person with that id';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A real calendar day: 2026-02-30 is refused rather than rolled into March. */
const day = v.pipe(
  v.string(INVALID_DAY),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY),
  v.check(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00.000Z`)) && isoDay(Date.parse(`${d}T00:00:00.000Z`)) === d,
    INVALID_DAY,
  ),
);
const totalsQuery = v.pipe(
  v.object({
    from: v.optional(day),
    to: v.optional(day),
    format: v.optional(v.picklist(['json', 'csv'], INVALID_FORMAT), 'json'),
  }),
  // Without dates: the last 30 UTC days, today included; with one, the 30 days from or up to it.
  v.transform(({ from, to, format }) => {
    const end = to ?? (from ? isoDay(Date.parse(from) + (TOTALS_DEFAULT_DAYS - 1) * DAY_MS) : isoDay(Date.now()));
    const start = from ?? isoDay(Date.parse(end) - (TOTALS_DEFAULT_DAYS - 1) * DAY_MS);
    return { from: start, to: end, format };
  }),
  v.check(({ from, to }) => from <= to, FROM_AFTER_TO),
  v.check(({ from, to }) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 <= TOTALS_MAX_DAYS, RANGE_TOO_LONG),
);
const peopleQuery = v.object({
  q: v.pipe(
    v.string(INVALID_PEOPLE_QUERY),
    v.trim(),
    v.minLength(2, INVALID_PEOPLE_QUERY),
    v.maxLength(254, INVALID_PEOPLE_QUERY),
  ),
});
const personParam = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, INVALID_PERSON_ID),
    asJsonSchema(ID_SCHEMA),
    v.transform(Number),
    v.minValue(1, INVALID_PERSON_ID),
  ),
});

export const adminRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  // Support refunds a try from a person's history, once: credits back, the creator's earning reversed (docs/decisions/0029).
  .post(
    '/refunds',
    route({
      tag: 'admin',
      summary: 'Refund a try',
      access: 'admin',
      responses: {
        200: json(
          v.object({ refunded: v.literal(true), userId: v.number(), credits: v.number(), balance: v.number() }),
          'Refunded',
        ),
        404: error(TRY_NOT_FOUND),
        409: error(`${TRY_WAS_FREE}, or ${TRY_ALREADY_REFUNDED.toLowerCase()}`),
      },
    }),
    jsonBody(refundSchema),
    async (c) => {
      const outcome = await refundTry(c.env.DB, c.req.valid('json').ledgerId);
      if (outcome.refunded) return c.json(outcome);
      if (outcome.reason === 'missing') return fail(c, 404, TRY_NOT_FOUND);
      return fail(c, 409, outcome.reason === 'free' ? TRY_WAS_FREE : TRY_ALREADY_REFUNDED);
    },
  )
  // Support finds a person by username or email, then reads their history to refund a try from it.
  .get(
    '/people',
    route({
      tag: 'admin',
      summary: 'Find people by username or email',
      access: 'admin',
      responses: { 200: json(v.array(personSummarySchema), 'The people found') },
    }),
    validated('query', peopleQuery),
    async (c) => c.json(await findPeople(c.env.DB, c.req.valid('query').q)),
  )
  .get(
    '/people/:id/transactions',
    route({
      tag: 'admin',
      summary: "A person's credit history, for support",
      access: 'admin',
      responses: { 200: json(supportHistorySchema, 'The person and their ledger'), 404: error(PERSON_NOT_FOUND) },
    }),
    validated('param', personParam),
    async (c) => {
      const history = await supportHistory(c.env.DB, c.req.valid('param').id);
      return history ? c.json(history) : fail(c, 404, PERSON_NOT_FOUND);
    },
  )
  // The operators' totals per UTC day, as JSON or as a CSV download (?format=csv).
  .get(
    '/totals',
    route({
      tag: 'admin',
      summary: "The operators' totals by day",
      description: `Credits sold, granted, spent and refunded, and the creators' and platform's shares, UTC days; at most ${TOTALS_MAX_DAYS} days (default the last ${TOTALS_DEFAULT_DAYS}).`,
      access: 'admin',
      responses: { 200: json(operatorTotalsSchema, 'The totals (format=csv: the same as CSV)', undefined, 'text/csv') },
    }),
    validated('query', totalsQuery),
    async (c) => {
      const { from, to, format } = c.req.valid('query');
      const totals = await getTotals(c.env.DB, from, to);
      return format === 'csv' ? csvResponse(c, `totals-${from}-to-${to}.csv`, totalsCsv(totals)) : c.json(totals);
    },
  )
  .post(
    '/ensure-minimum-credits',
    route({
      tag: 'admin',
      summary: `Top up everyone below ${GUARANTEED_MINIMUM_CREDITS} credits`,
      access: 'admin',
      responses: { 200: json(v.object({ totalUpdated: v.number() }), 'How many accounts were topped up') },
    }),
    async (c) => c.json({ totalUpdated: await topUpToMinimum(c.env.DB) }),
  );
