import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';

/**
 * A mutation that sends one request at a time and is busy from the tap's own commit. TanStack Query
 * tells React a mutation is pending from a timer (its notifyManager's setTimeout 0), which on a slow
 * phone waits behind whatever the page is doing; until it runs, the button is still enabled and a
 * second tap sends the request again (a second account, token or reply, or an error after the
 * success). Here the tap sets the busy state itself, which React commits before the next event, and
 * a call while one is under way is dropped.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
) {
  type Settled = Parameters<NonNullable<MutateOptions<TData, TError, TVariables, TContext>['onSettled']>>;
  const [started, setStarted] = useState(false);
  const underWay = useRef(false);
  const mutate: typeof mutation.mutate = (...args) => {
    if (underWay.current) return;
    underWay.current = true;
    setStarted(true);
    const [variables, options] = args;
    const onSettled = (...settled: Settled) => {
      underWay.current = false;
      setStarted(false);
      options?.onSettled?.(...settled);
    };
    mutation.mutate(...([variables, { ...options, onSettled }] as Parameters<typeof mutation.mutate>));
  };
  return { ...mutation, mutate, isPending: started || mutation.isPending };
}
