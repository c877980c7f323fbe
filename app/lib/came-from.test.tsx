import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// wouter wraps the History API to send the pushState/replaceState events the tracker listens to.
import { navigate } from 'wouter/use-browser-location';
import { trackCameFrom, useCameFrom } from './came-from';

const isList = (path: string) => path.startsWith('/agents?');

describe('came-from', () => {
  it('stamps each pushed entry with the page it came from, keeps it through replaces and finds it again on Back', () => {
    history.replaceState(null, '', '/agents?department=3');
    trackCameFrom();
    const { result } = renderHook(() => useCameFrom(isList));
    expect(result.current).toBeNull();

    act(() => navigate('/agents/7'));
    expect(history.state).toEqual({ cameFrom: '/agents?department=3' });
    expect(result.current).toBe('/agents?department=3');

    // wouter replaces with a null state: the stamp stays.
    act(() => navigate('/agents/7?tab=reviews', { replace: true }));
    expect(result.current).toBe('/agents?department=3');

    // From the agent to another page of the app: not a list, so nothing to go back to.
    act(() => navigate('/about'));
    expect(history.state).toEqual({ cameFrom: '/agents/7?tab=reviews' });
    expect(result.current).toBeNull();

    // Back (as the browser does it: the entry's own state returns, without a replaceState event).
    act(() => {
      History.prototype.replaceState.call(history, { cameFrom: '/agents?department=3' }, '', '/agents/7?tab=reviews');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current).toBe('/agents?department=3');
  });

  it('leaves a state that is not an object alone', () => {
    act(() => history.pushState('opaque', '', '/search?q=x'));
    expect(history.state).toBe('opaque');
  });
});
