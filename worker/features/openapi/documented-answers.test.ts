// The compile-time side of the document's truth: every typed 2xx JSON answer a handler gives is one
// its route documents (worker/lib/openapi.ts `route`, whose schemas the document is made from), with
// no field the schema does not name. `npm run typecheck` fails here, naming the route, when a handler
// answers what its route does not declare; the conformance test checks real answers at run time.
import type { Hono } from 'hono';
import type { ContentfulStatusCode, SuccessStatusCode } from 'hono/utils/http-status';
import { describe, expectTypeOf, it } from 'vitest';
import type { AppType } from '#worker/app.ts';
import type { DocumentedJson } from '#worker/lib/openapi.ts';

/** An app's route tables, one per sub-app: path, then method, then one entry per answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono app's route table
type RoutesOf<A> = A extends Hono<any, infer S, any> ? S : never;

/** A handler's own typed JSON answers: format 'json' exactly (documented ones are marked; untyped ones have any format). */
type Answered<E> = E extends { outputFormat: infer F }
  ? [F] extends ['json']
    ? ['json'] extends [F]
      ? E
      : never
    : never
  : never;
/** The bodies the route documents for `status`. */
type Documented<E, Status> = E extends { outputFormat: DocumentedJson; status: Status; output: infer O } ? O : never;
/** The 2xx statuses of an answer: `c.json(body)` without one answers 200. */
type OkStatuses<S> = [ContentfulStatusCode] extends [S] ? 200 : Extract<S, SuccessStatusCode>;

type AllTrue<B> = false extends B ? false : true;
type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** `answered` names no field that `documented` (a union, perhaps) does not, at any depth. */
type NoExtraFields<Answer, Doc> = AllTrue<
  unknown extends Doc
    ? true
    : Answer extends readonly (infer Item)[]
      ? NoExtraFields<Item, Extract<Doc, readonly unknown[]>[number]>
      : Answer extends object
        ? [Exclude<keyof Answer & string, KeysOf<Exclude<Doc, null | undefined>>>] extends [never]
          ? AllTrue<
              {
                [K in keyof Answer]-?: NoExtraFields<Answer[K], ValueAt<Exclude<Doc, null | undefined>, K>>;
              }[keyof Answer]
            >
          : false
        : true
>;
type Fits<Answer, Doc> = [Doc] extends [never] ? false : [Answer] extends [Doc] ? NoExtraFields<Answer, Doc> : false;

/** The answers of one route and method that its document does not declare. */
type Undeclared<E, Route extends string> =
  Answered<E> extends infer A
    ? A extends { output: infer O; status: infer S }
      ? OkStatuses<S> extends infer Status
        ? Status extends SuccessStatusCode
          ? Fits<O, Documented<E, Status>> extends true
            ? never
            : { route: Route; status: Status; answers: O; documents: Documented<E, Status> }
          : never
        : never
      : never
    : never;

type UndeclaredIn<Table> = Table extends unknown
  ? {
      [P in keyof Table]: {
        [M in keyof Table[P]]: Undeclared<Table[P][M], `${M & string} ${P & string}`>;
      }[keyof Table[P]];
    }[keyof Table]
  : never;
type UndeclaredAnswers<A> = UndeclaredIn<RoutesOf<A>>;

describe('the routes’ answers', () => {
  it('are what the routes document: checked by the type check, not at run time', () => {
    expectTypeOf<UndeclaredAnswers<AppType>>().toBeNever();
  });
});
