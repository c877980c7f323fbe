import { onlineManager } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, CloudOff, Lightbulb } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import * as v from 'valibot';
import { DESCRIPTION_MAX } from '#common/constants.ts';
import { anonymousProposalSchema, fieldErrors, signedInProposalSchema } from '#common/validation.ts';
import { OutboxList } from '#app/components/pwa/outbox-list.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { useOutbox } from '#app/hooks/use-outbox.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { TextAreaField, TextField } from '#app/components/ui/form-field.tsx';
import { HoneypotField } from '#app/components/ui/honeypot-field.tsx';
import { errorMessage } from '#app/lib/api-client.ts';
import { getOutboxItem } from '#app/lib/outbox.ts';
import { submitProposal, type ProposalBody } from '#app/features/proposals/api/create-proposal.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';

// `website` is the hidden honeypot: it is stored with the proposal in the outbox and sent with it (empty from a person).
const empty = { name: '', description: '', proposerName: '', proposerEmail: '', website: '' };

/** How the card looks in each state of the proposal it follows. */
const CARD = {
  delivered: { Icon: CheckCircle2, tone: 'text-green-600', title: 'Thank you for your proposal!' },
  waiting: { Icon: CloudOff, tone: 'text-amber-600', title: 'Proposal saved on this device' },
  failed: { Icon: AlertCircle, tone: 'text-red-600', title: 'Proposal not accepted' },
  gone: { Icon: AlertCircle, tone: 'text-red-600', title: 'Proposal no longer on this device' },
} as const;

/**
 * What the person sees once the proposal is sent, or saved on this device to be sent. A saved one is
 * followed in the outbox until it is delivered (this page, another tab or the service worker) or refused.
 */
function ThankYou({ id, name, queued, onAgain }: { id: string; name: string; queued: boolean; onAgain: () => void }) {
  const { items } = useOutbox();
  const online = useOnline();
  const item = queued ? items?.find((entry) => entry.id === id) : undefined;
  // Missing from the outbox once it has been read: discarded under Settings (here or in another tab).
  const state: keyof typeof CARD =
    !queued || item?.state === 'delivered'
      ? 'delivered'
      : item?.state === 'failed'
        ? 'failed'
        : item || items === null
          ? 'waiting'
          : 'gone';
  const { Icon, tone, title } = CARD[state];
  const text = {
    delivered: (
      <>
        We received “{name}”. Our team reviews every proposal within 2-3 business days, and the best ideas are shared
        with builders on the marketplace.
      </>
    ),
    waiting: (
      <>
        {online ? 'Saved on this device.' : 'You are offline.'} “{name}” will be sent automatically as soon as{' '}
        {online ? 'the server can be reached' : 'you are back online'}, even if you close the app. Our team reviews
        every proposal within 2-3 business days.
      </>
    ),
    failed: (
      <>
        “{name}” was not accepted: {item?.error ?? 'unknown error'}. It is kept under Settings, On this device, for you
        to edit.
      </>
    ),
    gone: (
      <>
        “{name}” was not sent, and is no longer saved on this device: it was discarded under Settings, On this device.
      </>
    ),
  }[state];
  return (
    <div role="status" className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <Icon aria-hidden className={`mx-auto size-12 ${tone}`} />
      <h2 className="mt-4 text-2xl font-bold">{title}</h2>
      <p className="mx-auto mt-3 max-w-md text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {state === 'failed' ? (
          <ButtonLink href="/settings">Open Settings</ButtonLink>
        ) : (
          <Button onClick={onAgain}>Propose Another Agent</Button>
        )}
        <ButtonLink href="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </div>
  );
}

/** Proposals this device still holds (queued, sending or refused): after a reload or in a new tab. */
function PendingProposals() {
  const { items } = useOutbox();
  const pending = items?.filter((item) => item.kind === 'proposal' && item.state !== 'delivered') ?? [];
  if (pending.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-proposals-heading"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="pending-proposals-heading" className="font-semibold text-amber-900">
        Saved on this device, waiting to be sent
      </h2>
      <p className="mb-3 mt-1 text-sm text-amber-900">
        They are sent by themselves when there is a connection, even with the app closed.
      </p>
      <OutboxList items={pending} label="Proposals waiting to be sent" />
    </section>
  );
}

/** The proposal a failed delivery left for editing (`?draft=<id>` from Settings, On this device). */
function useDraft(onDraft: (values: typeof empty, error: string | undefined, id: string) => void) {
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('draft');
    if (!id) return;
    let live = true;
    getOutboxItem(id)
      .then((item) => {
        if (!live || !item || item.kind !== 'proposal' || item.state === 'delivered') return;
        const body = item.body as Partial<typeof empty>;
        onDraft(
          { ...empty, ...Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string')) },
          item.error,
          item.id,
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Proposal form (docs/product.md#validation): visitors also give their name and email; signed-in users are
 * known to the server and give neither. Every proposal goes through this device's outbox first, so
 * one made with no signal is kept (and said to be) before it is sent.
 */
export function ProposeForm({
  signedIn,
  prefill = null,
}: {
  signedIn: boolean;
  /** The idea's start (a search that found nothing): its name and the beginning of its description. */
  prefill?: { name: string; description: string } | null;
}) {
  const { values, setValues, bind } = useFormValues(prefill ? { ...empty, ...prefill } : empty, 'proposal');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ id: string; name: string; queued: boolean } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [replaces, setReplaces] = useState<string | undefined>();
  useDraft((draft, error, id) => {
    setValues(draft);
    setRefusal(error ?? null);
    setReplaces(id);
  });

  const input = signedIn ? { name: values.name, description: values.description, website: values.website } : values;
  const parsed = v.safeParse(signedIn ? signedInProposalSchema : anonymousProposalSchema, input);
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};

  const reset = () => {
    setValues(empty);
    setSubmitted(false);
    setDone(null);
    setRefusal(null);
    setReplaces(undefined);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || sending) return;
    const proposal: ProposalBody = parsed.output;
    setSending(true);
    setRefusal(null);
    try {
      const result = await submitProposal(proposal, { online: onlineManager.isOnline(), replaces });
      if (result.kind === 'sent' || result.kind === 'queued') {
        setReplaces(undefined);
        setDone({ id: result.id, name: proposal.name, queued: result.kind === 'queued' });
      } else {
        // Said once, above the form (role=alert), not again in a toast.
        setRefusal(result.message);
      }
    } catch (error) {
      setRefusal(errorMessage(error, 'Failed to submit proposal'));
    } finally {
      setSending(false);
    }
  };

  if (done) return <ThankYou id={done.id} name={done.name} queued={done.queued} onAgain={reset} />;

  return (
    <>
      <PendingProposals />
      <AppForm
        onSubmit={(e) => void onSubmit(e)}
        aria-labelledby="propose-form-heading"
        className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="propose-form-heading" className="flex items-center gap-2 text-xl font-semibold">
          <Lightbulb aria-hidden className="size-5 text-amber-500" /> Your agent idea
        </h2>
        {refusal && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {refusal}
          </p>
        )}
        <TextField label="Agent name" error={errors.name} placeholder="e.g. Invoice Chaser" {...bind('name')} />
        <TextAreaField
          label="Description"
          error={errors.description}
          hint={`What should it do, and for whom? ${values.description.trim().length}/${DESCRIPTION_MAX} characters.`}
          rows={6}
          {...bind('description')}
        />
        {!signedIn && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Your name" error={errors.proposerName} autoComplete="name" {...bind('proposerName')} />
            <TextField
              label="Your email"
              error={errors.proposerEmail}
              hint="Only the operators see it, to reply to you."
              type="email"
              autoComplete="email"
              {...bind('proposerEmail')}
            />
          </div>
        )}
        <HoneypotField
          id="proposal-website"
          value={values.website}
          onChange={(website) => setValues((s) => ({ ...s, website }))}
        />
        <div>
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? 'Sending...' : 'Submit Proposal'}
          </Button>
        </div>
      </AppForm>
    </>
  );
}
