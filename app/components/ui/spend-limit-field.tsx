// A monthly spending limit (docs/decisions/0042) as a person types it: the credits a token or a
// connected app may spend per UTC calendar month, or none. Used where one is set (the consent screen,
// a new token) and where one is changed (SpendLimitEditor), so every place reads and checks it alike.
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { SPEND_LIMIT_MAX, SPEND_LIMIT_MESSAGES, SPEND_NOTICE_LEVELS, spendLimitSchema } from '#common/api-tokens.ts';
import { formatMediumDate } from '#common/format.ts';
import { formatCount, formatCredits } from '#app/lib/format.ts';
import { FormField, TextInput } from './form-field';

/** What the field holds: the text typed, and whether 'No limit' is chosen (the text is kept to come back to). */
export interface SpendLimitDraft {
  text: string;
  none: boolean;
}

const SPEND_LIMIT_LABEL = 'Monthly spending limit (credits)';

/**
 * Where an empty box is no limit (a new token), what to type, said that way; where 'No limit' is a
 * choice of its own, the shared schema's message (SPEND_LIMIT_MESSAGES.invalid) says it.
 */
export const SPEND_LIMIT_EMPTY_IS_NONE_MESSAGE = `Type a whole number from 1 to ${formatCount(SPEND_LIMIT_MAX)}, or leave it empty for no limit.`;

/** The field's starting state for a limit (null: none). */
export const spendLimitDraft = (limit: number | null): SpendLimitDraft => ({
  text: limit === null ? '' : String(limit),
  none: limit === null,
});

/**
 * The limit a draft says, or why it cannot be sent (the shared schema's message). Only digits count:
 * '2.5', '1e3' and '-1' are refused rather than read as something else. `emptyIsNone`: an empty
 * box means no limit (a new token's optional limit); elsewhere 'No limit' is chosen explicitly.
 */
export function readSpendLimit(
  draft: SpendLimitDraft,
  emptyIsNone = false,
): { ok: true; limit: number | null } | { ok: false; message: string } {
  if (draft.none) return { ok: true, limit: null };
  const text = draft.text.trim();
  if (text === '' && emptyIsNone) return { ok: true, limit: null };
  const parsed = v.safeParse(spendLimitSchema, /^\d+$/.test(text) ? Number(text) : Number.NaN);
  if (parsed.success) return { ok: true, limit: parsed.output };
  return { ok: false, message: emptyIsNone ? SPEND_LIMIT_EMPTY_IS_NONE_MESSAGE : SPEND_LIMIT_MESSAGES.invalid };
}

/** 'Spent this month: 3 of 20 credits', or '…: 3 credits, no limit'. */
export const spentThisMonthText = (spent: number, limit: number | null): string =>
  limit === null
    ? `Spent this month: ${formatCredits(spent)}, no limit`
    : `Spent this month: ${formatCount(spent)} of ${formatCredits(limit)}`;

/**
 * When a limit starts counting again: the first day of the next UTC calendar month, as the app writes
 * a day ('Dec 1'; the month is the server's, in UTC, whatever the reader's zone).
 */
export function limitResetText(now: Date = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return formatMediumDate(next, true).replace(/, \d+$/, '');
}

/** Whether what was spent has reached the limit: every further try is refused until the month ends. */
export const limitReached = (spent: number, limit: number | null): boolean => limit !== null && spent >= limit;

const WARN_SHARE = SPEND_NOTICE_LEVELS[0] / 100;

/**
 * A token's or an app's row line: what it spent this month against its limit, amber once the first
 * mailed notice's share is spent, and a short badge saying until when tries are refused once it is all.
 */
export function SpentThisMonth({ spent, limit }: { spent: number; limit: number | null }) {
  const warn = limit !== null && spent >= limit * WARN_SHARE;
  return (
    <p
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium ${warn ? 'text-amber-900' : 'text-slate-800'}`}
    >
      <span>{spentThisMonthText(spent, limit)}</span>
      {limitReached(spent, limit) && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          Limit reached: tries refused until {limitResetText()}
        </span>
      )}
    </p>
  );
}

/**
 * The limit's box, digits only (a phone shows its number pad), with a 'No limit' choice beside it when
 * `noneChoice`; without it, an empty box is no limit and the hint says so.
 */
export function SpendLimitField({
  id,
  draft,
  onChange,
  error,
  noneChoice,
  hint,
}: {
  id: string;
  draft: SpendLimitDraft;
  onChange: (draft: SpendLimitDraft) => void;
  error?: string | null;
  noneChoice: boolean;
  hint: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <FormField
        id={id}
        label={SPEND_LIMIT_LABEL}
        hint={noneChoice ? hint : <>{hint} Leave it empty for no limit.</>}
        error={error}
      >
        {(control) => (
          <TextInput
            {...control}
            name="spendLimit"
            // Text, not type=number: a number box drops what it cannot read (and a wheel changes it);
            // here every character typed stays visible and is checked by the shared schema.
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={String(SPEND_LIMIT_MAX).length + 2}
            value={draft.none ? '' : draft.text}
            disabled={draft.none}
            placeholder={draft.none ? 'No limit' : undefined}
            onChange={(e) => onChange({ ...draft, text: e.target.value })}
            invalid={Boolean(error)}
            // A thumb's height (44 px) at 360 px.
            className="min-h-11 max-w-48"
          />
        )}
      </FormField>
      {noneChoice && (
        <label className="flex min-h-11 w-fit cursor-pointer items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={draft.none}
            onChange={(e) => onChange({ ...draft, none: e.target.checked })}
          />
          No limit
        </label>
      )}
    </div>
  );
}
