import { afterEach, expect, it, vi } from 'vitest';
import { keepClearOf, keepClearOfRenderedBars } from './bottom-bars';

const stops: (() => void)[] = [];
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const covered = () => document.documentElement.style.getPropertyValue('--bottom-bars');

/** The server's HTML: the confirm-email banner at the bottom, 48 px high, and maybe an agent page's try bar. */
function renderServerHtml({ tryBar }: { tryBar: boolean }): HTMLElement {
  document.body.innerHTML = `<div id="root"><main>${tryBar ? '<div data-try-bar="">Try Agent</div>' : ''}</main><div data-bottom-bar="" role="region">Confirm your email address</div></div>`;
  const bar = document.querySelector<HTMLElement>('[data-bottom-bar]')!;
  vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue({ top: innerHeight - 48, bottom: innerHeight } as DOMRect);
  return bar;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.documentElement.style.removeProperty('--bottom-bars');
  document.body.innerHTML = '';
});

it('keeps an agent page’s try bar clear of the banner before the app runs', async () => {
  renderServerHtml({ tryBar: true });
  keepClearOfRenderedBars();
  await nextFrame();
  expect(covered()).toBe('48px');
});

it('leaves a page with nothing floating unstyled until the app counts the bars', async () => {
  const bar = renderServerHtml({ tryBar: false });
  keepClearOfRenderedBars();
  await nextFrame();
  expect(covered()).toBe('');
  // The app's useBottomBar: the same banner, counted once the app runs.
  stops.push(keepClearOf(bar));
  await nextFrame();
  expect(covered()).toBe('48px');
});
