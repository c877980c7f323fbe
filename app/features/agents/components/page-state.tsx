import { ArrowLeft, Bookmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, ButtonLink, buttonClass } from '#app/components/ui/button.tsx';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { cameFrom, useCameFrom } from '#app/lib/came-from.ts';
import { OfflineNotice } from './offline-notice';

const anyPage = () => true;

/**
 * Offline, a page never saved here is no dead end: the agents saved on this device (readable with no
 * signal) and Back, to the page of this site the person came from, else home.
 */
function OfflineWaysOn() {
  const from = useCameFrom(anyPage);
  return (
    <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <ButtonLink href="/saved">
        <Bookmark aria-hidden className="size-4" /> Your saved agents
      </ButtonLink>
      <Link
        href={from ?? '/'}
        onClick={(event) => {
          // Back as the browser's Back does (the page as it was left), when there is one of this site.
          if (!cameFrom(anyPage) || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          history.back();
        }}
        className={buttonClass('secondary')}
      >
        <ArrowLeft aria-hidden className="size-4" /> {from ? 'Back' : 'Back to Home'}
      </Link>
    </div>
  );
}

/**
 * What a page of one record (an agent's, a creator's) shows until the record has come: paused
 * (known offline) or failed without reaching the server (no signal) says so plainly; another
 * failure says what could not be loaded and offers to try again; otherwise the page's skeleton.
 */
export function PageState({
  query,
  paused,
  what,
  failed,
  loading,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  paused: boolean;
  /** What has not been saved on this device ("this agent's details"). */
  what: string;
  /** The heading of a failure ("This agent could not be loaded"). */
  failed: string;
  loading: ReactNode;
}) {
  if ((query.isPending && paused) || (query.isError && !(query.error instanceof ApiError)))
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <OfflineNotice what={what}>
          <OfflineWaysOn />
        </OfflineNotice>
      </div>
    );
  if (!query.isError) return loading;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{failed}</h1>
      <p className="mt-2 text-slate-600">{errorMessage(query.error, 'Please try again.')}</p>
      <Button className="mt-6" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
