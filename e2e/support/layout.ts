import type { Page } from '@playwright/test';

/** How far anything in the page sticks out past the right edge, ignoring sideways-scrolling strips. */
export const overflowRight = (page: Page) =>
  page.evaluate(() => {
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden') return true;
      }
      return false;
    };
    let max = 0;
    for (const el of document.querySelectorAll('body *')) {
      if (scrolls(el.parentElement)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0) max = Math.max(max, r.right - document.documentElement.clientWidth);
    }
    return max;
  });
