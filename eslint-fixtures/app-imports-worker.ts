// Linted as app/lib/app-imports-worker.ts: the app importing the worker, by alias and by path.
import type { AppType } from '#worker/app.ts'; // allowed: the typed client's types
import { app } from '#worker/app.ts'; // refused: a value import, even of worker/app.ts
import type { Bindings } from '#worker/env.ts'; // refused: a type, but not the typed client's
import { log } from '../../worker/lib/log.ts'; // refused by path as by alias

export type Both = [AppType, Bindings];
export const values = [app, log];
