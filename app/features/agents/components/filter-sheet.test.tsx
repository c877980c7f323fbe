import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// happy-dom has neither a phone's width nor idle callbacks: the test says which width it is and
// runs the idle callbacks itself, in order. Each test loads the module afresh: it remembers, per
// document, whether a modal has been opened.
let idle = new Map<number, () => void>();
let nextHandle = 1;
const runIdle = () =>
  act(() => {
    const due = [...idle.values()];
    idle = new Map();
    for (const task of due) task();
  });
let opened: HTMLDialogElement[] = [];

function atWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === '(width < 48rem)', media: query }));
}

/** Both idle steps of the warm-up: the controls rendered, then a first modal opened ahead. */
async function runIdleTwice() {
  await runIdle();
  await runIdle();
}

/** The sheet loaded afresh on a screen that is a phone's width, or wider. */
async function sheetAt(phone: boolean) {
  atWidth(phone);
  return loadSheet();
}

async function loadSheet() {
  const { FilterSheet } = await import('./filter-sheet');
  return () => (
    <FilterSheet
      active={[]}
      count={0}
      resultCount={12}
      onClearAll={() => undefined}
      controls={(prefix) => (
        <label htmlFor={`${prefix}-sort`}>
          Sort
          <select id={`${prefix}-sort`}>
            <option>Most reviewed</option>
          </select>
        </label>
      )}
    />
  );
}

beforeEach(() => {
  vi.resetModules();
  idle = new Map();
  opened = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => {
    idle.set(nextHandle, task);
    return nextHandle++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.delete(handle));
  vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (this: HTMLDialogElement) {
    opened.push(this);
    this.setAttribute('open', '');
  });
  vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  });
});
afterEach(() => {
  // Unmounted while the stubs are still in place (unmounting cancels the idle callbacks).
  cleanup();
  vi.unstubAllGlobals();
});

describe('FilterSheet', () => {
  it('serves no controls in its HTML', async () => {
    const Sheet = await loadSheet();
    expect(renderToString(<Sheet />)).not.toContain('Sort');
  });

  it('on a phone, renders its controls inside the closed sheet once idle, then opens a first modal out of sight, once per document', async () => {
    const Sheet = await sheetAt(true);
    const first = render(<Sheet />);
    expect(document.querySelector('select')).toBeNull();
    await runIdle();
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    expect(dialog.querySelector('select')).not.toBeNull();
    // The warm-up's dialog was opened, closed and removed; the sheet itself was not opened.
    await runIdle();
    expect(opened).toHaveLength(1);
    expect(opened[0]).not.toBe(dialog);
    expect(opened[0]!.isConnected).toBe(false);
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    // Another list in the same document (a client-side navigation): nothing more is opened.
    first.unmount();
    render(<Sheet />);
    await runIdleTwice();
    expect(opened).toHaveLength(1);
  });

  it('leaves a focused field alone: no modal is opened while someone types', async () => {
    const Sheet = await sheetAt(true);
    render(
      <>
        <input aria-label="Search agents" />
        <Sheet />
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'Search agents' });
    field.focus();
    await runIdleTwice();
    expect(opened).toHaveLength(0);
    expect(document.activeElement).toBe(field);
  });

  it('opens nothing ahead while another dialog is open', async () => {
    const Sheet = await sheetAt(true);
    render(
      <>
        <dialog open aria-label="Menu" />
        <Sheet />
      </>,
    );
    await runIdleTwice();
    expect(opened).toHaveLength(0);
  });

  it('does nothing once it is gone before the page was idle', async () => {
    const Sheet = await sheetAt(true);
    render(<Sheet />).unmount();
    expect(idle.size).toBe(0);
  });

  it('on a wider screen, where the sheet is hidden, renders nothing ahead and opens nothing', async () => {
    const Sheet = await sheetAt(false);
    render(<Sheet />);
    await runIdleTwice();
    expect(document.querySelector('select')).toBeNull();
    expect(opened).toHaveLength(0);
  });

  it('where the browser cannot say when it is idle, renders the controls after a second and opens nothing ahead', async () => {
    atWidth(true);
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      const Sheet = await loadSheet();
      render(<Sheet />);
      await act(() => vi.advanceTimersByTime(1000));
      expect(document.querySelector('dialog select')).not.toBeNull();
      await act(() => vi.advanceTimersByTime(5000));
      expect(opened).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens with its controls on a tap before the page was idle', async () => {
    const Sheet = await sheetAt(true);
    render(<Sheet />);
    await act(() => screen.getByRole('button', { name: 'Filters' }).click());
    expect(opened).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Filters' }).querySelector('select')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Show 12 results' })).toBeTruthy();
  });
});
