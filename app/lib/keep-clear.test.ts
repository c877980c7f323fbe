import { afterEach, expect, it, vi } from 'vitest';
import { coveredAtBottom } from './keep-clear';

/** An element of the page at `top`..`bottom`, `left`..`right` (as the browser would lay it out). */
function placed(html: string, box: { top: number; bottom: number; left?: number; right?: number }): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const element = holder.firstElementChild as HTMLElement;
  document.body.append(element);
  const { left = 0, right = 360 } = box;
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    ...box,
    left,
    right,
    height: box.bottom - box.top,
  } as DOMRect);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('is what the bars, the try bar and the update prompt take of the bottom of the screen, the tallest', () => {
  expect(coveredAtBottom(0, 360)).toBe(0);
  placed('<div data-bottom-bar="">Confirm your email</div>', { top: innerHeight - 48, bottom: innerHeight });
  expect(coveredAtBottom(0, 360)).toBe(48);
  // The try bar sits above the banner: a toast goes above both.
  placed('<section data-try-bar="">Try Agent</section>', { top: innerHeight - 48 - 72.5, bottom: innerHeight - 48 });
  expect(coveredAtBottom(0, 360)).toBe(121);
});

it('leaves out what is hidden, off screen, or beside the toasts’ column', () => {
  placed('<section data-try-bar="">Try Agent</section>', { top: 0, bottom: 0 });
  placed('<div data-bottom-bar="">Install</div>', { top: innerHeight + 10, bottom: innerHeight + 60 });
  placed('<div data-keep-clear="">A new version</div>', {
    top: innerHeight - 90,
    bottom: innerHeight - 16,
    left: 16,
    right: 464,
  });
  expect(coveredAtBottom(0, 360)).toBe(90);
  // On a wide screen the toasts keep to the right, clear of the prompt on the left.
  expect(coveredAtBottom(860, 1280)).toBe(0);
});
