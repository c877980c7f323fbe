// Changing a token's or a connected app's monthly spending limit (docs/decisions/0042): a row's
// button opening a small dialog with the limit's field. The same for both kinds; the row says how
// the change is sent (`onSave`) and keeps what the server answered; a saved change is confirmed in a toast.
import { useState, type FormEvent } from 'react';
import { SPEND_NOTICE_LEVELS } from '#common/api-tokens.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { formatCount, formatCredits } from '#app/lib/format.ts';
import { RowButton } from './access-row';
import { AppForm } from './app-form';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import { limitResetText, readSpendLimit, spendLimitDraft, SpendLimitField } from './spend-limit-field';

const NOTICES = SPEND_NOTICE_LEVELS.map((level) => `${level}%`).join(' and ');

/** What `onSave` answers: true once the server has the new limit, false when the row went meanwhile (revoked). */
type SaveLimit = (limit: number | null) => Promise<boolean>;

/** The toast's words for a saved limit: 'Limit for Claude: 42 credits a month', or '…: no limit'. */
const savedText = (name: string, limit: number | null): string =>
  `Limit for ${name}: ${limit === null ? 'no limit' : `${formatCredits(limit)} a month`}`;

function SpendLimitForm({
  id,
  name,
  limit,
  spent,
  onSave,
  onDone,
}: {
  id: string;
  name: string;
  limit: number | null;
  spent: number;
  onSave: SaveLimit;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(() => spendLimitDraft(limit));
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const read = readSpendLimit(draft);
    if (!read.ok) return setError(read.message);
    setError(null);
    setFailed(null);
    setPending(true);
    try {
      const saved = await onSave(read.limit);
      onDone();
      if (saved) toast({ title: savedText(name, read.limit) });
    } catch (err) {
      setFailed(errorMessage(err, 'The limit could not be saved. Please try again.'));
      setPending(false);
    }
  };
  // A limit at or under what was already spent stops every further try at once: said before saving.
  const typed = readSpendLimit(draft);
  const below = typed.ok && typed.limit !== null && typed.limit <= spent;
  return (
    <AppForm onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      {failed && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failed}
        </p>
      )}
      <SpendLimitField
        id={id}
        draft={draft}
        onChange={setDraft}
        error={error}
        noneChoice
        hint="Credits it may spend each calendar month (UTC)."
      />
      {/* Always in the dialog, so the note is announced as the number typed passes under the spending. */}
      <p
        aria-live="polite"
        className={below ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900' : 'sr-only'}
      >
        {below
          ? `It has already spent ${formatCount(spent)} this month: further tries are refused until ${limitResetText()}.`
          : ''}
      </p>
      {/* In reading order on every width: Save first, as it shows. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" className="min-h-11" disabled={pending} aria-busy={pending}>
          {pending ? 'Saving...' : 'Save limit'}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" className="min-h-11" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
      </div>
    </AppForm>
  );
}

/**
 * 'Change limit' for one row: `name` is what the row shows (a token's name, an app's), `limit` the
 * current one (null: none), `spent` what it spent this month. `onSave` sends the new one and settles
 * when the server has answered; its error is shown in the dialog, which stays open.
 */
export function SpendLimitEditor({
  id,
  name,
  limit,
  spent,
  online,
  onSave,
}: {
  /** Unique on the page: the field's id. */
  id: string;
  name: string;
  limit: number | null;
  spent: number;
  online: boolean;
  onSave: SaveLimit;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <RowButton aria-label={`Change the monthly spending limit of ${name}`} disabled={!online}>
          Change limit
        </RowButton>
      </DialogTrigger>
      <DialogContent
        title={`Monthly spending limit of '${name}'`}
        description={`Tries that would pass it are refused until the next month starts (UTC). You get an email when ${NOTICES} of it is spent.`}
      >
        <SpendLimitForm id={id} name={name} limit={limit} spent={spent} onSave={onSave} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
