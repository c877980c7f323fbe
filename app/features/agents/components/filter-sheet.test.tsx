import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterSheet } from './filter-sheet';

// happy-dom has neither a phone's width nor idle callbacks: the test says which width it is and
// runs the idle callbacks itself, in order.
let idle: (() => void)[] = [];
const runIdle = () =>
  act(() => {
    const due = idle;
    idle = [];
    for (const task of due) task();
  });
let opened: HTMLDialogElement[] = [];

function atWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === '(width < 48rem)', media: query }));
}

beforeEach(() => {
  idle = [];
  opened = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
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

const sheet = () => (
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

describe('FilterSheet', () => {
  it('serves no controls in its HTML', () => {
    expect(renderToString(sheet())).not.toContain('Sort');
  });

  it('on a phone, renders its controls inside the closed sheet once idle, then opens a first modal out of sight', async () => {
    atWidth(true);
    render(sheet());
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
  });

  it('leaves a focused field alone: no modal is opened while someone types', async () => {
    atWidth(true);
    render(
      <>
        <input aria-label="Search agents" />
        {sheet()}
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'Search agents' });
    field.focus();
    await runIdle();
    await runIdle();
    expect(opened).toHaveLength(0);
    expect(document.activeElement).toBe(field);
  });

  it('on a wider screen, where the sheet is hidden, renders nothing ahead and opens nothing', async () => {
    atWidth(false);
    render(sheet());
    await runIdle();
    await runIdle();
    expect(document.querySelector('select')).toBeNull();
    expect(opened).toHaveLength(0);
  });

  it('opens with its controls on a tap before the page was idle', async () => {
    atWidth(true);
    render(sheet());
    await act(() => screen.getByRole('button', { name: 'Filters' }).click());
    expect(opened).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Filters' }).querySelector('select')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Show 12 results' })).toBeTruthy();
  });
});
