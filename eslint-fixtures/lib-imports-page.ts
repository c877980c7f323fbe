// Linted as app/lib/lib-imports-page.ts: lib importing the app's route table, a top-level file.
import { isAgentPagePath } from '#app/routes.tsx';

export const isAgentPage = isAgentPagePath;
