import { Link } from 'wouter';
import type { ConsoleAgent } from '#common/api-schemas.ts';
import { TableHead } from '#app/components/ui/table-head.tsx';
import { formatCents, formatCount } from '#app/lib/format.ts';
import { AgentActions, AgentStatus, CoverThumb, RatingFigure } from './console-parts';

const TRIES = 'Tries (30 days)';
const EARNINGS = 'Earnings (30 days)';

const nameLink = 'font-semibold text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline';

/** On a phone (and up to 1024 px): one card per agent, its figures under its name and its tools at the bottom. */
function ConsoleList({ agents }: { agents: ConsoleAgent[] }) {
  return (
    <ul aria-label="Your agents" className="grid gap-3 sm:grid-cols-2 lg:hidden">
      {agents.map((agent) => (
        // Laid out only once near the screen (render-when-near): below the totals, a phone shows the
        // first card or two; the rest were most of the console's first layout on a low-tier phone.
        <li
          key={agent.id}
          className="render-when-near flex flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm [--near-size:14rem]"
        >
          <div className="flex gap-3">
            <CoverThumb agent={agent} className="w-24" />
            <div className="grid min-w-0 content-start gap-1.5">
              <h3 className="break-words leading-snug">
                <Link href={`/agents/${agent.id}`} className={nameLink}>
                  {agent.name}
                </Link>
              </h3>
              <AgentStatus agent={agent} />
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            {(
              [
                [TRIES, formatCount(agent.triesLast30Days)],
                [EARNINGS, formatCents(agent.earningsLast30DaysCents)],
                ['Rating', <RatingFigure key="rating" agent={agent} />],
              ] as const
            ).map(([term, detail]) => (
              <div key={term} className="min-w-0">
                <dt className="text-xs text-slate-600">{term}</dt>
                <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">{detail}</dd>
              </div>
            ))}
          </dl>
          <AgentActions agent={agent} className="mt-3 grid grid-cols-2 gap-2" />
        </li>
      ))}
    </ul>
  );
}

const CELL = 'px-3 py-3 align-middle';

/** From 1024 px: a table, one row per agent, its figures in columns a creator can compare down. */
function ConsoleTable({ agents }: { agents: ConsoleAgent[] }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your agents</caption>
        <TableHead
          className="border-b border-slate-200 bg-slate-50 text-xs font-medium uppercase tracking-wide text-slate-600"
          columns={[
            ['Agent', `${CELL} font-medium`],
            ['Status', `${CELL} font-medium`],
            [TRIES, `${CELL} text-right font-medium`],
            [EARNINGS, `${CELL} text-right font-medium`],
            ['Rating', `${CELL} font-medium`],
            [<span key="actions">Actions</span>, `${CELL} font-medium`],
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {agents.map((agent) => (
            <tr key={agent.id}>
              <th scope="row" className={`${CELL} font-normal`}>
                <span className="flex items-center gap-3">
                  <CoverThumb agent={agent} className="w-20" />
                  <Link href={`/agents/${agent.id}`} className={`${nameLink} break-words`}>
                    {agent.name}
                  </Link>
                </span>
              </th>
              <td className={CELL}>
                <AgentStatus agent={agent} />
              </td>
              <td className={`${CELL} text-right font-semibold tabular-nums`}>{formatCount(agent.triesLast30Days)}</td>
              <td className={`${CELL} text-right font-semibold tabular-nums`}>
                {formatCents(agent.earningsLast30DaysCents)}
              </td>
              <td className={CELL}>
                <RatingFigure agent={agent} />
              </td>
              <td className={CELL}>
                <AgentActions agent={agent} className="flex gap-2" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The creator's agents as rows: a card list on phones, a table on wide screens (CSS picks one). */
export function ConsoleAgents({ agents }: { agents: ConsoleAgent[] }) {
  return (
    <>
      <ConsoleList agents={agents} />
      <ConsoleTable agents={agents} />
    </>
  );
}
