import { HardDrive, SearchX } from 'lucide-react';
import { plural } from '#app/lib/format.ts';
import { useDeviceSearch } from '#app/features/agents/api/search-device.ts';
import { AgentList } from './agent-list';

/**
 * /search with no signal (or no server): the agents saved on this device that match, marked
 * 'From this device' (docs/decisions/0027). Online results are never mixed in.
 */
export function DeviceResults({ q, online }: { q: string; online: boolean }) {
  const search = useDeviceSearch(q, true);
  const hits = search.data ?? [];
  return (
    <div aria-busy={search.isFetching}>
      <p role="status" className="mb-6 mt-2 flex flex-wrap items-center gap-2 text-slate-600">
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <HardDrive aria-hidden className="size-3.5" /> From this device
        </span>
        {search.isPending
          ? 'Searching what is saved on this device…'
          : `${plural(hits.length, 'result')} among the agents saved on this device${online ? ': the server cannot be reached' : ': you are offline'}.`}
      </p>
      {search.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          Could not search this device. Please try again.
        </p>
      ) : !search.isPending && hits.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
          <h2 className="mt-4 text-xl font-semibold text-slate-900">No results found</h2>
          <p className="mt-2 text-slate-600">
            None of the agents saved on this device match. Search again when you are back online.
          </p>
        </div>
      ) : (
        <AgentList agents={hits} label="Results from this device" />
      )}
    </div>
  );
}
