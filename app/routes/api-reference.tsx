import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useOpenApiDocument } from '#app/features/content/api/get-openapi-document.ts';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';
import {
  filterGroups,
  groupsOf,
  type Body,
  type Field,
  type Operation,
} from '#app/features/content/lib/openapi-view.ts';
import { LOADS_IN_APP } from '#app/lib/app-start.ts';

// The reference is GET /api/openapi.json rendered (docs/decisions/0033): made from the routes' own
// schemas, so it lists every route as it is. Fetched in the browser; the server renders the page
// with its loading line.

const METHOD_STYLE: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-green-100 text-green-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-violet-100 text-violet-900',
  DELETE: 'bg-red-100 text-red-900',
};

function Fields({ fields }: { fields: Field[] }) {
  return (
    <ul className="ml-0! mt-1 grid list-none! gap-1!">
      {fields.map((f) => (
        <li key={f.name} className="ml-0! break-words">
          <code className="break-all">{f.name}</code> <span className="text-slate-600">{f.type}</span>
          {f.required ? <span className="text-slate-900"> (required)</span> : null}
          {f.description ? <span className="text-slate-600">: {f.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** A body's fields behind a disclosure, rendered once opened: the page holds a hundred routes. */
function FieldsDetails({ fields }: { fields: Field[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-900">{fields.length} fields</summary>
      {open ? <Fields fields={fields} /> : null}
    </details>
  );
}

function BodyText({ body }: { body: Body }) {
  const shape = body.fields.length ? (
    body.type.endsWith('[]') ? (
      'a list of objects'
    ) : (
      'an object'
    )
  ) : (
    <code className="break-all">{body.type}</code>
  );
  return (
    <div className="break-words">
      {body.media}: {shape}
      {body.fields.length ? <FieldsDetails fields={body.fields} /> : null}
    </div>
  );
}

/**
 * Parameters, body and responses behind a disclosure, rendered once opened: a hundred routes in
 * full are a long page to scroll on a phone and a heavy one to render.
 */
function OperationDetails({ op }: { op: Operation }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-brand-700">Parameters, body and responses</summary>
      {open ? (
        <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[7rem_1fr]">
          <dt className="font-medium text-slate-900">Parameters</dt>
          <dd>
            {op.parameters.length ? (
              <ul className="ml-0! grid list-none! gap-1!">
                {op.parameters.map((p) => (
                  <li key={`${p.in} ${p.name}`} className="ml-0! break-words">
                    <code className="break-all">{p.name}</code>{' '}
                    <span className="text-slate-600">
                      in {p.in}, {p.type}
                    </span>
                    {p.required ? <span className="text-slate-900"> (required)</span> : null}
                    {p.description ? <span className="text-slate-600">: {p.description}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </dd>
          <dt className="font-medium text-slate-900">Body</dt>
          <dd>{op.requestBody.length ? op.requestBody.map((b) => <BodyText key={b.media} body={b} />) : 'None'}</dd>
          <dt className="font-medium text-slate-900">Responses</dt>
          <dd>
            <ul className="ml-0! grid list-none! gap-2!">
              {op.responses.map((r) => (
                <li key={r.status} className="ml-0! break-words">
                  <strong>{r.status}</strong> {r.description}
                  {r.headers.length ? <span className="text-slate-600"> (headers: {r.headers.join(', ')})</span> : null}
                  {r.bodies.map((b) => (
                    <BodyText key={b.media} body={b} />
                  ))}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      ) : null}
    </details>
  );
}

function OperationCard({ op }: { op: Operation }) {
  return (
    <li className="ml-0! list-none rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${METHOD_STYLE[op.method] ?? 'bg-slate-100 text-slate-900'}`}
        >
          {op.method}
        </span>
        <code className="break-all bg-transparent! p-0! font-semibold text-slate-900">{op.path}</code>
      </p>
      <h3 className="mt-2 text-base font-semibold text-slate-900">{op.summary}</h3>
      {op.description ? <p className="mt-1 text-sm text-slate-600">{op.description}</p> : null}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_1fr]">
        <dt className="font-medium text-slate-900">Who</dt>
        <dd>{op.access || 'Anyone'}</dd>
        <dt className="font-medium text-slate-900">Credentials</dt>
        <dd>{op.credentials.join('; or ')}</dd>
      </dl>
      <OperationDetails op={op} />
    </li>
  );
}

export default function ApiReferencePage() {
  const { data, isPending, isError, refetch, isFetching } = useOpenApiDocument();
  const [query, setQuery] = useState('');
  const filterId = useId();
  const groups = useMemo(() => (data ? groupsOf(data) : []), [data]);
  const shown = useMemo(() => filterGroups(groups, query), [groups, query]);
  const total = groups.reduce((n, g) => n + g.operations.length, 0);
  const count = shown.reduce((n, g) => n + g.operations.length, 0);
  const sections = [{ id: 'api-basics', title: 'Basics' }, ...shown.map((g) => ({ id: g.id, title: g.name }))];
  return (
    <ContentPage
      eyebrow="Resources"
      title="API reference"
      lead={
        <p>
          Everything this app does goes through one JSON API under /api, served by the same Cloudflare Worker as the
          site. This reference is made from the API’s own OpenAPI 3.1 document,{' '}
          <a href="/api/openapi.json" className="font-medium text-brand-700 underline">
            /api/openapi.json
          </a>
          , so it lists every route as it is.
        </p>
      }
      sections={sections}
    >
      <ContentSection id="api-basics" title="Basics">
        <ul>
          <li>
            Requests and responses are JSON. Send <code>Content-Type: application/json</code> with a body.
          </li>
          <li>
            Signing in sets one HttpOnly session cookie; the browser sends it with every request (
            <code>credentials: &quot;include&quot;</code>). Programs use a personal API token made in Settings (
            <code>Authorization: Bearer amk_…</code>), for what its scopes allow: <strong>read</strong> the catalogue
            and your balance, <strong>try</strong> agents.
          </li>
          <li>State-changing requests from other websites are refused with 403.</li>
          <li>
            Errors look like <code>{'{ "message": "…", "error": "…" }'}</code> (the same text twice) with 400 invalid
            input (the same messages the forms show), 401 not signed in, 402 not enough credits, 403 not allowed, 404
            not found, 409 conflict, 413 body too large and 429 too many requests.
          </li>
          <li>
            Requests that may be sent again (a try, a purchase, a review from the offline queue) take an{' '}
            <code>Idempotency-Key</code> header: a repeat gets the first answer.
          </li>
        </ul>
        <p>
          New here? The <Link href="/documentation">documentation</Link> explains credits, reviews and proposals in
          plain words.
        </p>
      </ContentSection>
      {isPending ? (
        // The document is fetched by the app: a reader waiting for it starts it (docs/decisions/0031).
        <p role="status" {...LOADS_IN_APP} className="py-8 text-slate-700">
          Loading the API reference…
        </p>
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-3 py-8 text-slate-700">
          <p>The API reference could not be loaded.</p>
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-900 hover:bg-slate-50"
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <div className="grid gap-2 border-t border-slate-200 py-6">
            <label htmlFor={filterId} className="font-medium text-slate-900">
              Filter routes
            </label>
            <input
              id={filterId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="A path, a method or a word: credits, POST, try"
              className="min-h-11 w-full rounded-md border border-slate-300 px-3"
            />
            <p aria-live="polite" className="text-sm text-slate-600">
              {count === total ? `${total} routes` : `${count} of ${total} routes`}
            </p>
          </div>
          {shown.map((group) => (
            <ContentSection key={group.id} id={group.id} title={group.name}>
              {group.description ? <p>{group.description}</p> : null}
              <ul className="list-none! gap-3!">
                {group.operations.map((op) => (
                  <OperationCard key={op.id} op={op} />
                ))}
              </ul>
            </ContentSection>
          ))}
        </>
      )}
    </ContentPage>
  );
}
