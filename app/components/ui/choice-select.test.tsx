import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { ChoiceSelect } from './choice-select';

// Tells React that act() is used here, as Testing Library does for render().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: { unmount(): void }[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

const sortSelect = (onChoose: (value: string) => void) => (
  <ChoiceSelect aria-label="Sort by" value="popular" onChoose={onChoose}>
    <option value="popular">Most Popular</option>
    <option value="newest">Newest</option>
  </ChoiceSelect>
);

/** The server's HTML in the page, `before` done to it while it is only HTML, then hydrated. */
async function hydrate(before: (select: HTMLSelectElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(sortSelect(() => undefined));
  document.body.append(container);
  const select = container.querySelector('select')!;
  before(select);
  const onChoose = vi.fn();
  await act(async () => {
    roots.push(hydrateRoot(container, sortSelect(onChoose)));
  });
  return { select, onChoose };
}

it('is usable in the server HTML: a choice made before the app is taken once hydrated, as if made then', async () => {
  const { select, onChoose } = await hydrate((select) => {
    expect(select.disabled).toBe(false);
    select.value = 'newest';
  });
  expect(onChoose).toHaveBeenCalledExactlyOnceWith('newest');
  expect(select.value).toBe('newest');
});

it('says nothing at hydration when nothing was chosen, and reports a later choice', async () => {
  const { select, onChoose } = await hydrate(() => undefined);
  expect(onChoose).not.toHaveBeenCalled();
  act(() => {
    select.value = 'newest';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(onChoose).toHaveBeenCalledExactlyOnceWith('newest');
});
