import { Hono } from 'hono';
import * as v from 'valibot';
import { CENTS_PER_CREDIT } from '../../../common/constants';
import { creatorSharePercent, earningsHoldDays, type AppEnv } from '../../env';
import { getEarnings } from '../../lib/earnings';
import { fail } from '../../lib/http';
import { once } from '../../lib/idempotency';
import { moveEarningsToCredits } from '../../lib/ledger';
import { csvResponse } from '../../lib/csv';
import { jsonBody, validated } from '../../lib/validator';
import { requireUser } from '../../middleware/session';
import { INVALID_STATEMENT_MONTH, STATEMENT_MONTH, statementFileName } from '../../../common/earnings';
import { statementCsv, statementMonths, statementRows } from './statements';

export const NOTHING_AVAILABLE = 'Less than one credit of your earnings is available yet';
export const MORE_THAN_AVAILABLE = 'That is more than your available earnings';
export const INVALID_CREDITS = 'Credits must be a whole number of at least 1';

const toCreditsSchema = v.object({
  credits: v.optional(v.pipe(v.number(INVALID_CREDITS), v.integer(INVALID_CREDITS), v.minValue(1, INVALID_CREDITS), v.maxValue(1_000_000_000, INVALID_CREDITS))),
});

const monthSchema = v.object({ month: v.pipe(v.string(INVALID_STATEMENT_MONTH), v.regex(STATEMENT_MONTH, INVALID_STATEMENT_MONTH)) });

const terms = (env: AppEnv['Bindings']) => ({ sharePercent: creatorSharePercent(env), holdDays: earningsHoldDays(env) });

/** The caller's own earnings (session only, docs/decisions/0029). */
export const earningsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await getEarnings(c.env.DB, c.var.user!.id, terms(c.env))))
  // Moves available earnings into the caller's credits at once: all whole credits, or `credits` of them.
  .post('/to-credits', jsonBody(toCreditsSchema), async (c) => {
    const userId = c.var.user!.id;
    const asked = c.req.valid('json').credits;
    return once(c, 'POST /api/earnings/to-credits', async (step) => {
      const { availableCents } = await getEarnings(c.env.DB, userId, terms(c.env));
      const credits = asked ?? Math.floor(availableCents / CENTS_PER_CREDIT);
      if (credits < 1) return fail(c, 409, NOTHING_AVAILABLE);
      const balance = await moveEarningsToCredits(c.env.DB, userId, credits, `to-credits:${userId}:${step.key ?? crypto.randomUUID()}`);
      if (!balance) return fail(c, 409, asked ? MORE_THAN_AVAILABLE : NOTHING_AVAILABLE);
      return c.json({ ...balance, moved: credits, earnings: await getEarnings(c.env.DB, userId, terms(c.env)) });
    });
  })
  // Monthly statements (UTC months): the months that have rows, and one month as a CSV download.
  .get('/statements', async (c) => c.json(await statementMonths(c.env.DB, c.var.user!.id)))
  .get('/statements/:month', validated('param', monthSchema), async (c) => {
    const { month } = c.req.valid('param');
    return csvResponse(c, statementFileName(month), statementCsv(await statementRows(c.env.DB, c.var.user!.id, month)));
  });
