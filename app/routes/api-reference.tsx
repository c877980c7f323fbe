import { Link } from 'wouter';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';
import { API_GROUPS, type ApiRoute } from '#app/features/content/data/api-routes.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

const METHOD_STYLE: Record<ApiRoute['method'], string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-green-100 text-green-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-violet-100 text-violet-900',
  DELETE: 'bg-red-100 text-red-900',
};

function RouteCard({ route }: { route: ApiRoute }) {
  return (
    <li className="ml-0! list-none rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-bold ${METHOD_STYLE[route.method]}`}>{route.method}</span>
        <code className="break-all bg-transparent! p-0! font-semibold text-slate-900">{route.path}</code>
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
        <dt className="font-medium text-slate-900">Who</dt>
        <dd>{route.who}</dd>
        <dt className="font-medium text-slate-900">Body</dt>
        <dd className="break-words">{route.body ?? 'None'}</dd>
        <dt className="font-medium text-slate-900">Response</dt>
        <dd className="break-words">{route.response}</dd>
      </dl>
      {route.notes && <p className="mt-2 text-sm text-slate-600">{route.notes}</p>}
    </li>
  );
}

export default function ApiReferencePage() {
  useDocumentTitle('API reference');
  const sections = [{ id: 'api-basics', title: 'Basics' }, ...API_GROUPS.map((g) => ({ id: g.id, title: g.title }))];
  return (
    <ContentPage
      eyebrow="Resources"
      title="API reference"
      lead={<p>Everything this app does goes through one JSON API under /api, served by the same Cloudflare Worker as the site. These are all of its routes.</p>}
      sections={sections}
    >
      <ContentSection id="api-basics" title="Basics">
        <ul>
          <li>Requests and responses are JSON. Send <code>Content-Type: application/json</code> with a body.</li>
          <li>
            Signing in sets one HttpOnly session cookie; send it with every request (<code>credentials: &quot;include&quot;</code>). There are no API keys and no
            tokens in the browser.
          </li>
          <li>State-changing requests from other websites are refused with 403, so the API works from this site’s own pages, scripts and server-to-server tools.</li>
          <li>
            Errors look like <code>{'{ "message": "…", "error": "…" }'}</code> (the same text twice) with 400 invalid input (the same messages the forms show), 401 not
            signed in, 402 not enough credits, 403 not allowed, 404 not found, 409 conflict, 413 body over 64 KB and 429 too many attempts.
          </li>
          <li>
            Lists are newest or best first as noted; <code>GET /api/agents</code> pages with limit and offset. Roles are <strong>user</strong>,{' '}
            <strong>staff</strong> (internal sign-in) and <strong>admin</strong>, checked on the server.
          </li>
        </ul>
        <p>
          New here? The <Link href="/documentation">documentation</Link> explains credits, reviews and proposals in plain words.
        </p>
      </ContentSection>
      {API_GROUPS.map((group) => (
        <ContentSection key={group.id} id={group.id} title={group.title}>
          <ul className="list-none! gap-3!">
            {group.routes.map((route) => (
              <RouteCard key={`${route.method} ${route.path}`} route={route} />
            ))}
          </ul>
        </ContentSection>
      ))}
    </ContentPage>
  );
}
