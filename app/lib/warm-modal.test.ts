import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// happy-dom has no idle callbacks and no phone width: the test runs the idle callbacks itself and
// says the width. The module remembers, per document, that it has warmed: loaded afresh each test.
let idle: (() => void)[] = [];
let opened: HTMLDialogElement[] = [];

beforeEach(() => {
  vi.resetModules();
  idle = [];
  opened = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(width < 48rem)', media: query }));
  vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (this: HTMLDialogElement) {
    opened.push(this);
    this.setAttribute('open', '');
  });
  vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const runIdle = () => idle.splice(0).forEach((task) => task());

it('on a served list with a Filters sheet, the entry script opens a first modal out of sight when idle, once', async () => {
  document.body.innerHTML = `<div id="root"><button command="show-modal" commandfor="sheet">Filters</button><dialog id="sheet"></dialog></div>`;
  const { warmModalWhenIdle } = await import('./warm-modal');
  warmModalWhenIdle();
  expect(opened).toHaveLength(0);
  runIdle();
  // An empty dialog, opened, closed and removed; the sheet itself untouched.
  expect(opened).toHaveLength(1);
  expect(opened[0]!.id).toBe('');
  expect(opened[0]!.isConnected).toBe(false);
  expect(document.getElementById('sheet')!.hasAttribute('open')).toBe(false);
  // The app's sheet asks again as it mounts: nothing more.
  warmModalWhenIdle();
  runIdle();
  expect(opened).toHaveLength(1);
});

it('a page with no modal sheet pays nothing', async () => {
  document.body.innerHTML = `<div id="root"><button popovertarget="menu">Open menu</button><div id="menu" popover></div></div>`;
  const { warmModalWhenIdle } = await import('./warm-modal');
  warmModalWhenIdle();
  runIdle();
  expect(idle).toHaveLength(0);
  expect(opened).toHaveLength(0);
});
