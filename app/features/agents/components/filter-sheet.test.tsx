import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// happy-dom has neither a phone's width, nor idle callbacks, nor invoker commands: the test says
// which width it is and runs the idle callbacks itself, in order, and opens the sheet as the browser
// would. Each test loads the module afresh: it remembers, per document, whether a modal has been opened.
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
  it('serves its controls in the closed sheet, a GET form of the list that keeps its other parameters, opened and closed by invoker commands', async () => {
    const { FilterSheet } = await import('./filter-sheet');
    const html = renderToString(
      <Router ssrPath="/agents" ssrSearch="search=lead&sort=newest&view=list">
        <FilterSheet
          active={[]}
          count={1}
          resultCount={12}
          onClearAll={() => undefined}
          controls={(prefix) => (
            <select id={`${prefix}-sort`} name="sort" defaultValue="newest">
              <option value="newest">Newest</option>
            </select>
          )}
        />
      </Router>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const dialog = page.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    expect(dialog.hasAttribute('data-backdrop-closes')).toBe(true);
    const form = dialog.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/agents');
    expect(form.querySelector('select[name="sort"]')).not.toBeNull();
    // The list's other parameters go with it; the sheet's own fields are not sent twice.
    expect(
      [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => `${i.name}=${i.value}`),
    ).toEqual(['search=lead', 'view=list']);
    const open = page.querySelector('[command="show-modal"]')!;
    expect(open.getAttribute('commandfor')).toBe(dialog.id);
    expect(dialog.querySelector('[command="close"]')!.getAttribute('commandfor')).toBe(dialog.id);
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe('Show 12 results');
  });

  it('keeps the sheet the browser opened before the app open as React takes it over, and closes it on Show results', async () => {
    const Sheet = await sheetAt(true);
    const html = renderToString(<Sheet />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const dialog = container.querySelector('dialog')!;
    dialog.showModal();
    const { hydrateRoot } = await import('react-dom/client');
    await act(async () => void hydrateRoot(container, <Sheet />));
    expect(dialog.open).toBe(true);
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(dialog.open).toBe(false);
    container.remove();
  });

  it('once the app runs on a phone, opens a first modal out of sight when idle, once per document', async () => {
    const Sheet = await sheetAt(true);
    const first = render(<Sheet />);
    const dialog = document.querySelector('dialog')!;
    await runIdle();
    // The warm-up's dialog was opened, closed and removed; the sheet itself was not opened.
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

  it('on a wider screen, where the sheet is hidden, opens nothing ahead', async () => {
    const Sheet = await sheetAt(false);
    render(<Sheet />);
    await runIdleTwice();
    expect(opened).toHaveLength(0);
  });

  it('where the browser cannot say when it is idle, opens nothing ahead', async () => {
    atWidth(true);
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      const Sheet = await loadSheet();
      render(<Sheet />);
      await act(() => vi.advanceTimersByTime(5000));
      expect(opened).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
