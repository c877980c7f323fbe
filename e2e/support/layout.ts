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

/**
 * Where the focused element's ring is cut off: for each ancestor that clips what it holds (overflow
 * other than visible, paint containment, content-visibility), the sides of the ring (the element's
 * box grown by its outline's offset and width) that fall outside that ancestor's inner box. Empty
 * when the whole ring shows; ['no outline'] or ['nothing focused'] when there is no ring to check.
 */
export const focusRingCutOff = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return ['nothing focused'];
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none') return ['no outline'];
    const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const box = element.getBoundingClientRect();
    const ring = { left: box.left - grow, top: box.top - grow, right: box.right + grow, bottom: box.bottom + grow };
    const cut: string[] = [];
    // The body's overflow is the viewport's (it propagates), not a box that clips.
    for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      const clips =
        s.overflowX !== 'visible' ||
        s.overflowY !== 'visible' ||
        /paint|strict|content/.test(s.contain) ||
        s.contentVisibility === 'auto';
      if (!clips) continue;
      const r = e.getBoundingClientRect();
      const inner = {
        left: r.left + e.clientLeft,
        top: r.top + e.clientTop,
        right: r.left + e.clientLeft + e.clientWidth,
        bottom: r.top + e.clientTop + e.clientHeight,
      };
      const name = `${e.tagName.toLowerCase()}.${e.className}`;
      if (ring.left < inner.left - 0.5) cut.push(`left by ${name}`);
      if (ring.top < inner.top - 0.5) cut.push(`top by ${name}`);
      if (ring.right > inner.right + 0.5) cut.push(`right by ${name}`);
      if (ring.bottom > inner.bottom + 0.5) cut.push(`bottom by ${name}`);
    }
    return cut;
  });
