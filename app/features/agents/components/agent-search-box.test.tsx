import { getByRole } from '@testing-library/react';
import { startTransition, Suspense, useCallback, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { AgentSearchBox } from './agent-search-box';

// React's own scheduling, not act(): what is tested is the order in which React runs things by itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const valueProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
  Object.defineProperty(HTMLInputElement.prototype, 'value', valueProperty);
});

/** As /search: the box shows the URL's query (here state), and the page renders again once hydrated (useHydrated). */
function RefinePage({ onCommit }: { onCommit: (value: string) => void }) {
  const hydrated = useHydrated();
  const [q, setQ] = useState('ledger');
  const commit = useCallback(
    (value: string) => {
      onCommit(value);
      setQ(value);
    },
    [onCommit],
  );
  return (
    <div data-hydrated={hydrated}>
      <AgentSearchBox id="search-refine" value={q} onCommit={commit} label="Refine your search" />
    </div>
  );
}

/** The page part of the layout: a Suspense boundary, hydrated in a slice of its own (app/app-layout.tsx). */
const page = (onCommit: (value: string) => void) => (
  <Suspense fallback={null}>
    <RefinePage onCommit={onCommit} />
  </Suspense>
);

/** /search?q=ledger as the server sent it, with other words typed into its box before the app ran. */
function serverPageTypedInto(text: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(() => undefined));
  document.body.append(container);
  const box = getByRole<HTMLInputElement>(container, 'searchbox', { name: 'Refine your search' });
  box.value = text;
  // Every value the box is given from here on (React's value tracker calls the prototype's setter).
  const shown: string[] = [];
  Object.defineProperty(HTMLInputElement.prototype, 'value', {
    ...valueProperty,
    set(this: HTMLInputElement, value: string) {
      if (this === box) shown.push(value);
      valueProperty.set!.call(this, value);
    },
  });
  return { container, box, shown };
}

/** As main.tsx starts the app: hydration in a transition, time-sliced. */
function hydrate(container: HTMLElement, onCommit: (value: string) => void) {
  startTransition(() => {
    roots.push(hydrateRoot(container, page(onCommit)));
  });
}

/** Enter in the box: its keydown, then the browser sends the form (implicit submission) in the same task. */
function pressEnter(box: HTMLInputElement) {
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  box.form!.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

it('an Enter pressed as the page finishes hydrating searches for the text typed before, not for the old query', async () => {
  const { container, box } = serverPageTypedInto('playbook');
  const onCommit = vi.fn();
  // The first moment the page is the app's: its first render after hydration (useHydrated) is on screen.
  const pressed = new Promise<void>((resolve) => {
    new MutationObserver((_, observer) => {
      if (container.querySelector('[data-hydrated="true"]') === null) return;
      observer.disconnect();
      pressEnter(box);
      resolve();
    }).observe(container, { attributes: true, subtree: true });
  });
  hydrate(container, onCommit);
  await pressed;
  expect(onCommit).toHaveBeenCalledExactlyOnceWith('playbook');
  await settle();
  expect(box.value).toBe('playbook');
});

it('text typed before the app ran is never replaced by the old query while the page hydrates', async () => {
  const { container, box, shown } = serverPageTypedInto('playbook');
  hydrate(container, () => undefined);
  await settle();
  expect(container.querySelector('[data-hydrated="true"]')).not.toBeNull();
  expect(shown).not.toContain('ledger');
  expect(box.value).toBe('playbook');
});

it('an Enter pressed before React has got to the box makes it hydrate at once and searches for what the box shows', async () => {
  const { container, box, shown } = serverPageTypedInto('playbook');
  const onCommit = vi.fn();
  hydrate(container, onCommit);
  pressEnter(box);
  expect(onCommit).toHaveBeenCalledExactlyOnceWith('playbook');
  await settle();
  expect(box.value).toBe('playbook');
  expect(shown).not.toContain('ledger');
});
