import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';

/**
 * A mutation that sends one request at a time and is busy from the tap's own commit. TanStack Query
 * tells React a mutation is pending from a timer (its notifyManager's setTimeout 0), which on a slow
 * phone waits behind whatever the page is doing; until it runs, the button is still enabled and a
 * second tap sends the request again (a second account, token or reply, or an error after the
 * success). Here the tap sets the busy state itself, which React commits before the next event, and
 * a call while one is under way is dropped. `mutateAsync` is left out: it would pass the guard.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
) {
  type Options = MutateOptions<TData, TError, TVariables, TContext>;
  const [started, setStarted] = useState(false);
  const underWay = useRef(false);
  const release = () => {
    underWay.current = false;
    setStarted(false);
  };
  const mutate: typeof mutation.mutate = (...args) => {
    if (underWay.current) return;
    underWay.current = true;
    setStarted(true);
    const [variables, options] = args;
    // Released before the caller's own callbacks, so that one of them may send again.
    const released: Options = {
      ...options,
      onSuccess: (...result) => {
        release();
        return options?.onSuccess?.(...result);
      },
      onError: (...result) => {
        release();
        return options?.onError?.(...result);
      },
      onSettled: (...result) => {
        release();
        return options?.onSettled?.(...result);
      },
    };
    // `variables` is optional only where TVariables is void.
    mutation.mutate(variables as TVariables, released);
  };
  // reset() drops the mutation without its callbacks: the busy state goes with it.
  const reset = () => {
    release();
    mutation.reset();
  };
  const { mutateAsync: _passesTheGuard, ...rest } = mutation;
  return { ...rest, mutate, reset, isPending: started || mutation.isPending };
}
