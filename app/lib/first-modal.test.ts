import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A dialog whose popover and modal states are recorded (the test DOM has neither). */
function sheet() {
  const dialog = document.createElement('dialog');
  document.body.append(dialog);
  const calls: string[] = [];
  let popoverOpen = false;
  dialog.showPopover = () => {
    calls.push(`showPopover(${dialog.getAttribute('popover')})`);
    popoverOpen = true;
  };
  dialog.hidePopover = () => {
    calls.push('hidePopover');
    popoverOpen = false;
  };
  dialog.showModal = () => {
    calls.push(`showModal(popover: ${dialog.hasAttribute('popover')})`);
  };
  const matches = dialog.matches.bind(dialog);
  dialog.matches = (selector: string) => (selector === ':popover-open' ? popoverOpen : matches(selector));
  return { dialog, calls };
}

/** An invoker command on its way to `target`, as a `command="show-modal"` button's click sends it. */
function command(target: Element, name = 'show-modal'): Event {
  const event = Object.assign(new Event('command', { cancelable: true }), { command: name });
  target.dispatchEvent(event);
  return event;
}

/** The frame painted, then the task after it. */
async function afterThePaint() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the first modal painted first', () => {
  let firstModal: typeof import('./first-modal');
  let listening: Parameters<typeof document.addEventListener>[];
  // Each test a fresh module (its own first modal) and its listener alone on the document.
  beforeEach(async () => {
    vi.resetModules();
    firstModal = await import('./first-modal');
    const add = vi.spyOn(document, 'addEventListener');
    firstModal.paintFirstModalFirst();
    listening = [...add.mock.calls];
    add.mockRestore();
    expect(listening).toHaveLength(1);
  });
  afterEach(() => {
    for (const [type, listener, options] of listening) document.removeEventListener(type, listener, options);
    document.body.replaceChildren();
  });

  it('shows the first as a popover, then makes it modal in the task after its frame', async () => {
    const { dialog, calls } = sheet();
    const event = command(dialog);
    expect(event.defaultPrevented).toBe(true);
    expect(calls).toEqual(['showPopover(manual)']);
    await afterThePaint();
    expect(calls).toEqual(['showPopover(manual)', 'hidePopover', 'showModal(popover: false)']);
    expect(dialog.hasAttribute('popover')).toBe(false);
    expect(firstModal.modalOpenedYet()).toBe(true);
  });

  it('leaves every later one to the browser', async () => {
    const first = sheet();
    command(first.dialog);
    await afterThePaint();
    const second = sheet();
    expect(command(second.dialog).defaultPrevented).toBe(false);
    expect(second.calls).toEqual([]);
  });

  it("leaves the first to the browser once a modal was opened (the app's warm-up)", () => {
    firstModal.noteModalOpened();
    const { dialog, calls } = sheet();
    expect(command(dialog).defaultPrevented).toBe(false);
    expect(calls).toEqual([]);
  });

  it('leaves other commands, an open dialog and other elements alone', () => {
    const { dialog, calls } = sheet();
    expect(command(dialog, 'close').defaultPrevented).toBe(false);
    dialog.setAttribute('open', '');
    expect(command(dialog).defaultPrevented).toBe(false);
    const popover = document.createElement('div');
    document.body.append(popover);
    expect(command(popover).defaultPrevented).toBe(false);
    expect(calls).toEqual([]);
    expect(firstModal.modalOpenedYet()).toBe(false);
  });

  it('does not make a dialog hidden meanwhile modal', async () => {
    const { dialog, calls } = sheet();
    command(dialog);
    dialog.hidePopover();
    await afterThePaint();
    expect(calls).toEqual(['showPopover(manual)', 'hidePopover']);
    expect(dialog.hasAttribute('popover')).toBe(false);
  });
});
