import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LocalTime } from './local-time';

// Tells React that act() is used here, as Testing Library does for render().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const zone = process.env.TZ;
const roots: { unmount(): void }[] = [];
// A reader five hours behind UTC: 03:30 UTC is the evening before for them.
beforeEach(() => void (process.env.TZ = 'America/New_York'));
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  process.env.TZ = zone;
});

const at = '2026-11-27T03:30:00.000Z';

it("the server writes the moment in UTC, said so; hydrated in the reader's zone with no mismatch, it becomes their time", async () => {
  const page = (
    <p>
      Tried <LocalTime value={at} time /> and{' '}
      <LocalTime value={at} className="muted">
        {' (edited)'}
      </LocalTime>
    </p>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  expect(container.textContent).toBe('Tried Nov 27, 2026, 3:30 AM UTC and Nov 27, 2026 (edited)');

  const mismatch = vi.fn();
  await act(async () => {
    roots.push(hydrateRoot(container, page, { onRecoverableError: mismatch }));
  });
  expect(mismatch).not.toHaveBeenCalled();
  expect(container.textContent).toBe('Tried Nov 26, 2026, 10:30 PM and Nov 26, 2026 (edited)');
  expect(container.querySelector('time')?.getAttribute('datetime')).toBe(at);
  expect(container.querySelector('time.muted')).not.toBeNull();
});
