// Linted as worker/lib/worker-imports-app.ts: the worker importing the app, by alias and by path.
import { renderPage } from '#app-ssr'; // allowed: the built server renderer
import { formatRating } from '#app/lib/format.ts'; // refused
import { isAgentPagePath } from '../../app/routes.tsx'; // refused by path as by alias

export const values = [renderPage, formatRating, isAgentPagePath];
