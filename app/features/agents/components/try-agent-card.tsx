import { CheckCircle2, Coins, ExternalLink, LogIn, Zap } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { SideCard } from '#app/components/ui/side-card.tsx';
import { useAuthHref } from '#app/hooks/use-auth-href.ts';
import { blankTabAfterThePaint, OPENS_TAB, takeEarlyTab } from '#app/lib/blank-tab.ts';
import { useMediaQuery } from '#app/hooks/use-media-query.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { isRetryable, newIdempotencyKey } from '#app/lib/idempotency.ts';
import { buyCreditsHref } from '#app/lib/buy-credits.ts';
import { formatCredits } from '#app/lib/format.ts';
import { PriceChangedError, useCheckTry, useTryAgent } from '#app/features/agents/api/try-agent.ts';
import { agentKeys } from '#app/lib/query-keys.ts';
import { clearPendingTry, loadPendingTry, savePendingTry } from '#app/features/agents/lib/pending-try.ts';
import { demoVideoUrl } from '#app/features/agents/lib/video.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

type Outcome =
  | { kind: 'deducted'; cost: number; balance: number; url: string | null; blocked: boolean }
  | { kind: 'short'; message: string }
  | { kind: 'not-charged'; message: string }
  | { kind: 'price-changed'; message: string; cost: number };

/** Only web addresses are ever opened (same rule as the demo link). */
const webUrl = (url: string | null | undefined): string | null => demoVideoUrl(url)?.href ?? null;

/**
 * Trying an agent, shared by the sidebar's card (wide screens) and the bar at the bottom of a phone's
 * screen: one state, so both show the same try, and CSS shows one of them at each width. Browsers only allow a new tab from the click itself, not after an
 * awaited request, so a blank tab is opened synchronously and pointed at the agent once the server
 * has debited the credits (or closed if it refuses).
 *
 * A try is paid once whatever the network does (docs/decisions/0002): its Idempotency-Key is made at the tap
 * and kept, in memory and in this tab's sessionStorage, until a definitive answer. Lost answers are
 * asked for again with the same key (automatically, then by the next tap), and a reloaded page asks
 * the server how a try it still holds a key for ended.
 */
export function useTryAction(agent: Agent, user: { id: number; credits: number } | null) {
  const queryClient = useQueryClient();
  /** Writes the new price into every cached copy of this agent (its page, the lists it is in). */
  const onPriceChanged = (creditCost: number) => {
    queryClient.setQueryData<Agent>(agentKeys.detail(agent.id), (old) =>
      old ? { ...old, creditCost, credits: creditCost } : old,
    );
    void queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
  };
  const online = useOnline();
  const authHref = useAuthHref();
  // The sidebar's breakpoint (Tailwind's lg). What a try says (its outcome, a short balance) is
  // written once the app knows the width, in the card or in the bar, whichever shows. Before (the
  // server's HTML, hydration) the note is in both, CSS showing one; an outcome only follows a tap.
  const wide = useMediaQuery('(min-width: 64rem)');
  // 'Processing...' in the tap's own commit, so it is in the tap's frame: opening the agent's tab
  // holds the page's thread, and TanStack's own pending state could come after it.
  const mutation = useSingleFlight(useTryAgent());
  const check = useCheckTry();
  // Each outcome and pending key is the agent's it was made for. The page stays mounted from one
  // agent to the next (a link in More from this creator, the header's search): a try still under way
  // then ends for its own agent (its tab sent there, its key settled) and is not shown on the next
  // one, whose own try has a key of its own.
  const [shown, setShown] = useState<{ agentId: number; outcome: Outcome } | null>(null);
  const outcome = shown?.agentId === agent.id ? shown.outcome : null;
  const setOutcome = (next: Outcome | null) => setShown(next && { agentId: agent.id, outcome: next });
  const pendingKey = useRef<{ agentId: number; key: string } | null>(null);
  const isCreator = user !== null && agent.creatorId === user.id;
  // docs/product.md#credits: creators try their own agents free, and the label omits the cost.
  const cost = isCreator ? 0 : agent.creditCost;
  const userId = user?.id ?? null;

  const settled = () => {
    if (pendingKey.current?.agentId === agent.id) pendingKey.current = null;
    clearPendingTry(agent.id);
  };

  // A try left pending by an earlier page: its answer (the agent stays one tap away, as a page
  // cannot open a tab by itself), or word that nothing was charged. Not a key this page's own tap
  // has just made: a tap held before the app ran can be replayed before this effect runs, and its
  // own request is the one that answers.
  useEffect(() => {
    if (userId === null || pendingKey.current?.agentId === agent.id) return;
    const key = loadPendingTry(agent.id);
    if (!key) return;
    pendingKey.current = { agentId: agent.id, key };
    check.mutate(
      { agentId: agent.id, idempotencyKey: key },
      {
        onSuccess: (result) => {
          const url = webUrl(result.url) ?? webUrl(agent.externalUrl);
          // Kept until the agent is opened: the link, or Try Agent (which replays this key), opens it.
          if (!url) settled();
          setOutcome({
            kind: 'deducted',
            cost: agent.creatorId === userId ? 0 : agent.creditCost,
            balance: result.balance,
            url,
            blocked: true,
          });
        },
        onError: (error) => {
          if (isRetryable(error)) return; // still unknown: the next tap asks with the same key
          settled();
          if (error instanceof ApiError && error.status === 404)
            setOutcome({ kind: 'not-charged', message: error.message });
        },
      },
    );
    // Once per agent and account; `check` is stable in what it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agent.id, userId]);

  const onTry = () => {
    // A tap while one is under way (a held tap replayed, say) opens no tab of its own.
    if (mutation.isPending) return;
    const knownUrl = webUrl(agent.externalUrl);
    // A tap held before the app ran has had its tab opened by the entry script, within its activation.
    const opening = knownUrl ? (takeEarlyTab() ?? blankTabAfterThePaint()) : null;
    setOutcome(null);
    // A key an earlier page left is this tap's too, even before the effect above has read it: the
    // server then answers that try, charged once, instead of charging a second.
    const key =
      (pendingKey.current?.agentId === agent.id ? pendingKey.current.key : null) ??
      loadPendingTry(agent.id) ??
      newIdempotencyKey();
    pendingKey.current = { agentId: agent.id, key };
    savePendingTry(agent.id, key);
    mutation.mutate(
      // The cost on the screen: the server charges nothing if it is no longer the price (docs/decisions/0024).
      { agentId: agent.id, idempotencyKey: key, expectedCost: agent.creditCost },
      {
        onSuccess: (result) => {
          settled();
          const tab = opening?.take() ?? null;
          const url = webUrl(result.url) ?? knownUrl;
          let blocked = false;
          if (tab && url) tab.location.href = url;
          else {
            tab?.close();
            // Cut from this page at once, as the blank tab is: opened with `noopener`, open() returns
            // null whether or not the tab opened, and the page could not tell a blocked tab from one
            // open.
            const opened = url ? window.open(url, '_blank') : null;
            if (opened) opened.opener = null;
            blocked = url !== null && opened === null;
          }
          setOutcome({ kind: 'deducted', cost, balance: result.balance, url, blocked });
        },
        onError: (error) => {
          opening?.take()?.close();
          // A refusal is final and charged nothing: the next tap is a new try. Otherwise the answer
          // is still out there, and the next tap asks for it with the same key.
          if (!isRetryable(error)) settled();
          if (error instanceof PriceChangedError) {
            // The page shows the new price at once; the person decides again with Try again.
            onPriceChanged(error.creditCost);
            setOutcome({ kind: 'price-changed', message: error.message, cost: error.creditCost });
          } else if (error instanceof ApiError && error.status === 402) {
            // Said once, where the try is, with the way to buy credits.
            setOutcome({ kind: 'short', message: error.message });
          } else {
            toast({
              title: 'Failed to process credit usage',
              description:
                error instanceof ApiError
                  ? error.message
                  : 'The connection dropped. Try again: a try is never charged twice.',
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  const checking = check.isPending || (mutation.isPending && mutation.failureCount > 0);
  const trying = mutation.isPending;
  const busy = trying || check.isPending;

  // The session's balance (the server stays the judge: a 402 still says so). Short of the cost, the
  // button leads to /credits with an amount that covers it, and no tab is opened for nothing.
  const shortfall = user && !isCreator ? agent.creditCost - user.credits : 0;
  return {
    agent,
    // Its tap opens the agent's tab (blankTabAfterThePaint), from the entry script for a tap held before the app.
    opensTab: webUrl(agent.externalUrl) !== null,
    signedIn: user !== null,
    isCreator,
    online,
    authHref,
    // Back to this agent once bought, with Try Agent ready.
    buyHref: shortfall > 0 ? buyCreditsHref(shortfall, `/agents/${agent.id}`) : null,
    balance: user?.credits ?? null,
    onTry,
    settled,
    outcome,
    busy,
    wide,
    label: checking
      ? 'Checking your try…'
      : trying
        ? 'Processing...'
        : isCreator
          ? 'Try Agent'
          : `Try Agent (${formatCredits(agent.creditCost)})`,
  };
}

export type TryAction = ReturnType<typeof useTryAction>;

const TryActionContext = createContext<TryAction | null>(null);

/**
 * One try for the card and the bar inside `children`, its state held here: the tap and the pending
 * try re-render those two only, not the page around them (the page holding it re-rendered its hero,
 * tabs and reviews in the tap). The answer still reaches the page, through the session's balance.
 */
export function TryActionProvider({
  agent,
  user,
  children,
}: {
  agent: Agent;
  user: { id: number; credits: number } | null;
  children: ReactNode;
}) {
  return <TryActionContext value={useTryAction(agent, user)}>{children}</TryActionContext>;
}

/** The try given, or the one of the TryActionProvider around. */
function useAction(given: TryAction | undefined): TryAction {
  const shared = use(TryActionContext);
  const action = given ?? shared;
  if (!action) throw new Error('A try card or bar needs a TryActionProvider around it, or an action');
  return action;
}

/**
 * Try Agent, or what stands in for it: sign in first, or buy the credits it needs. Neither starts the
 * app by being on screen: a tap on Try Agent before it runs is held, says 'Starting…' in its own
 * frame and is tried once the app has hydrated (app/lib/early-clicks.ts), in the agent's tab the
 * entry script opened at the tap, within its user activation (app/lib/blank-tab.ts,
 * docs/decisions/0044). A try an earlier page left pending starts the app at once (app/boot.ts).
 */
function TryButton({ action, className = 'w-full' }: { action: TryAction; className?: string }) {
  if (!action.signedIn)
    return (
      <ButtonLink href={action.authHref} size="lg" className={className}>
        <LogIn aria-hidden className="size-5" /> Login to Try Agent
      </ButtonLink>
    );
  if (action.buyHref)
    return (
      <ButtonLink href={action.buyHref} size="lg" className={className}>
        <Coins aria-hidden className="size-5" /> Buy credits to try
      </ButtonLink>
    );
  return (
    <Button
      size="lg"
      className={className}
      onClick={action.onTry}
      disabled={action.busy || !action.online}
      aria-busy={action.busy}
      {...(action.opensTab && OPENS_TAB)}
    >
      <Zap aria-hidden className="size-5" />
      {action.label}
    </Button>
  );
}

/** Short of credits, offline: said under the button. */
function TryNote({ action }: { action: TryAction }) {
  if (action.signedIn && action.buyHref && action.balance !== null)
    return <p className="text-sm text-slate-600">You have {formatCredits(action.balance)}: not enough for one try.</p>;
  if (action.signedIn && !action.online)
    return <p className="text-sm text-slate-600">Trying an agent needs a connection.</p>;
  return null;
}

/** How the last try went (a live region: announced as it changes). */
function TryOutcome({ action }: { action: TryAction }) {
  const { outcome, agent, settled } = action;
  return (
    <div aria-live="polite">
      {outcome?.kind === 'deducted' && (
        <div className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden className="size-4" />{' '}
            {outcome.cost > 0 ? 'Credits deducted' : 'Agent opened: no credits deducted'}
          </p>
          <p className="mt-1">
            {outcome.cost > 0 && `${formatCredits(outcome.cost)} used. `}Your balance is{' '}
            {formatCredits(outcome.balance)}.
          </p>
          {outcome.url && (
            <a
              href={outcome.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={settled}
              className="mt-2 inline-flex items-center gap-1 font-medium text-emerald-800 underline"
            >
              {outcome.blocked ? `Open ${agent.name}` : `Open ${agent.name} again`}{' '}
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      )}
      {outcome?.kind === 'price-changed' && (
        <div role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">{outcome.message}</p>
          <p className="mt-1">Nothing was charged. Try again to pay the new price of {formatCredits(outcome.cost)}.</p>
          <Button
            size="sm"
            className="mt-2"
            onClick={action.onTry}
            disabled={action.busy || !action.online || action.buyHref !== null}
          >
            Try again
          </Button>
        </div>
      )}
      {outcome?.kind === 'not-charged' && (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'short' && (
        <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>{outcome.message}</p>
          <Link
            href={action.buyHref ?? buyCreditsHref(agent.creditCost, `/agents/${agent.id}`)}
            className="mt-1 inline-block font-semibold underline"
          >
            Buy credits
          </Link>
        </div>
      )}
    </div>
  );
}

/** The sidebar's card (wide screens; phones get TryAgentBar instead). */
export function TryAgentCard({ action: given }: { action?: TryAction }) {
  const action = useAction(given);
  const { agent } = action;
  return (
    <SideCard id="try" title="Credits required" className="max-lg:hidden">
      <p className="mt-2 flex items-center gap-2 text-3xl font-bold text-slate-900">
        <Coins aria-hidden className="size-7 text-amber-500" />
        {agent.creditCost}
        <span className="text-base font-medium text-slate-600">
          {agent.creditCost === 1 ? 'credit' : 'credits'} per use
        </span>
      </p>
      {action.isCreator && <p className="mt-1 text-sm text-emerald-700">Free for you: you created this agent.</p>}

      <div className="mt-5 grid gap-2">
        <TryButton action={action} />
        {action.wide !== false && <TryNote action={action} />}
      </div>
      {action.wide !== false && <TryOutcome action={action} />}
    </SideCard>
  );
}

/**
 * Phones and narrow windows (below the sidebar's breakpoint): the cost and Try Agent stay at the
 * bottom of the screen, so they are on the first screen rather than after the tabs. Sticky at the end
 * of the page, not fixed: it takes its own room in the page, so at the end of the scroll it rests
 * under the last content instead of covering it. Clear of the home indicator (safe area) and above
 * the confirm-email notice when that is shown.
 */
export function TryAgentBar({ action: given }: { action?: TryAction }) {
  const action = useAction(given);
  const { agent } = action;
  return (
    // Opaque, not a blur of the page behind at 95% white (which showed nothing of it): a backdrop
    // filter is worked out again in each frame that repaints the bar, as a tap on Try Agent does.
    <section
      aria-labelledby="try-bar-heading"
      data-try-bar=""
      className="sticky bottom-(--bottom-bars) z-30 -mx-4 mt-8 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.06)] lg:hidden"
    >
      <h2 id="try-bar-heading" className="sr-only">
        Try {agent.name}
      </h2>
      {action.wide === false && <TryOutcome action={action} />}
      <div className="mt-1 flex items-center gap-3">
        <p className="min-w-0 flex-1 leading-tight text-slate-900">
          <span className="flex items-center gap-1.5 text-xl font-bold">
            <Coins aria-hidden className="size-5 shrink-0 text-amber-500" />
            {agent.creditCost}
          </span>
          <span className="text-xs text-slate-600">
            {action.isCreator ? 'free for you' : `${agent.creditCost === 1 ? 'credit' : 'credits'} per use`}
          </span>
        </p>
        <TryButton action={action} className="shrink-0 px-4" />
      </div>
      {/* In the server's HTML too (CSS hides the copy of the width that does not show): written only
          once the app runs, it would grow the bar upward under a finger about to tap Buy credits. */}
      {action.wide !== true && (
        <div className="mt-1 empty:hidden">
          <TryNote action={action} />
        </div>
      )}
    </section>
  );
}
