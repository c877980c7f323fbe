import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A Filters button and its dialog, whose popover and modal states are recorded (the test DOM has
 * neither). Shown as a popover, the dialog takes the focus (its Close button), as a browser's does;
 * what had the focus when it was made modal is recorded too.
 */
function sheet() {
  const opener = document.createElement('button');
  opener.textContent = 'Filters';
  const dialog = document.createElement('dialog');
  dialog.setAttribute('data-backdrop-closes', '');
  const close = document.createElement('button');
  close.textContent = 'Close filters';
  dialog.append(close);
  document.body.append(opener, dialog);
  opener.focus();
  const calls: string[] = [];
  let popoverOpen = false;
  dialog.showPopover = () => {
    calls.push(`showPopover(${dialog.getAttribute('popover')})`);
    popoverOpen = true;
    close.focus();
  };
  dialog.hidePopover = () => {
    calls.push('hidePopover');
    popoverOpen = false;
  };
  dialog.showModal = () => {
    calls.push(`showModal(popover: ${dialog.hasAttribute('popover')}, focus: ${document.activeElement?.textContent})`);
  };
  const matches = dialog.matches.bind(dialog);
  dialog.matches = (selector: string) => (selector === ':popover-open' ? popoverOpen : matches(selector));
  return { dialog, opener, close, calls };
}

/** An invoker command on its way to `target`, as a `command="show-modal"` button's click sends it. */
function command(target: Element, name = 'show-modal'): Event {
  const event = Object.assign(new Event('command', { cancelable: true }), { command: name });
  target.dispatchEvent(event);
  return event;
}

function dispatch(target: Element, event: Event): Event {
  target.dispatchEvent(event);
  return event;
}

/** A click at a point of `target` (0, 0 unless given), as a script makes one: no press before it. */
const click = (target: Element, y = 0) =>
  dispatch(target, new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 180, clientY: y }));

/** A tap on `target`: pressed, then clicked, at the same point. */
function tap(target: Element, y = 0): Event {
  dispatch(target, new MouseEvent('pointerdown', { bubbles: true, clientX: 180, clientY: y }));
  return click(target, y);
}

/** The frame painted, then the task after it. */
async function afterThePaint() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the first modal painted first', () => {
  let firstModal: typeof import('./first-modal');
  let listening: Parameters<typeof document.addEventListener>[] = [];
  /** A fresh module (its own first modal), its listeners on the document until stopListening(). */
  async function freshModule() {
    vi.resetModules();
    const module = await import('./first-modal');
    const add = vi.spyOn(document, 'addEventListener');
    module.paintFirstModalFirst();
    listening = [...add.mock.calls];
    add.mockRestore();
    return module;
  }
  function stopListening() {
    for (const [type, listener, options] of listening) document.removeEventListener(type, listener, options);
    listening = [];
  }
  beforeEach(async () => {
    firstModal = await freshModule();
  });
  afterEach(() => {
    stopListening();
    document.body.replaceChildren();
  });

  it('shows the first as a popover, then makes it modal in the task after its frame', async () => {
    const { dialog, calls } = sheet();
    const event = command(dialog);
    expect(event.defaultPrevented).toBe(true);
    expect(calls).toEqual(['showPopover(manual)']);
    await afterThePaint();
    // Made modal from its button, which the closed dialog gives the focus back to, as the browser's own opening.
    expect(calls).toEqual(['showPopover(manual)', 'hidePopover', 'showModal(popover: false, focus: Filters)']);
    expect(dialog.hasAttribute('popover')).toBe(false);
    expect(firstModal.modalOpenedYet()).toBe(true);
  });

  it('closes it, not made modal, at Close, Escape or a tap outside it in that frame, the focus back on its button', async () => {
    const ways: [string, (s: ReturnType<typeof sheet>) => Event][] = [
      ['Close', (s) => command(s.dialog, 'close')],
      [
        'Escape',
        (s) => dispatch(s.close, new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })),
      ],
      ['a tap outside', () => tap(document.body.appendChild(document.createElement('p')))],
    ];
    for (const [way, closeIt] of ways) {
      stopListening();
      await freshModule();
      const s = sheet();
      command(s.dialog);
      expect(closeIt(s).defaultPrevented, way).toBe(true);
      await afterThePaint();
      expect(s.calls, way).toEqual(['showPopover(manual)', 'hidePopover']);
      expect(document.activeElement, way).toBe(s.opener);
      s.dialog.remove();
      s.opener.remove();
    }
  });

  it('closes an open sheet at a tap on its backdrop, the tap kept from the page', () => {
    const { dialog, close } = sheet();
    dialog.setAttribute('open', '');
    dialog.getBoundingClientRect = () => new DOMRect(0, 400, 360, 340);
    let closed = 0;
    dialog.close = () => void closed++;
    const page = vi.fn();
    document.addEventListener('click', page);
    // Above the sheet, on its backdrop (a press and a click there are the dialog's).
    expect(tap(dialog, 20).defaultPrevented).toBe(true);
    expect(closed).toBe(1);
    expect(page).not.toHaveBeenCalled();
    // In the sheet's own box (its padding): the sheet's.
    expect(tap(dialog, 500).defaultPrevented).toBe(false);
    // Pressed in the sheet and let go over the backdrop (the click is then the dialog's), or a click
    // made by script, with no press: not a tap on the backdrop.
    dispatch(close, new MouseEvent('pointerdown', { bubbles: true, clientX: 180, clientY: 420 }));
    expect(click(dialog, 20).defaultPrevented).toBe(false);
    expect(click(dialog, 20).defaultPrevented).toBe(false);
    expect(closed).toBe(1);
    document.removeEventListener('click', page);
  });

  it('takes a second tap on its button in that frame as the same opening', async () => {
    const { dialog, opener, calls } = sheet();
    dialog.id = 'sheet';
    opener.setAttribute('commandfor', 'sheet');
    command(dialog);
    // The tap reaches the button (the popover's backdrop lets it through), whose command is taken.
    expect(tap(opener).defaultPrevented).toBe(false);
    expect(command(dialog).defaultPrevented).toBe(true);
    await afterThePaint();
    expect(calls).toEqual(['showPopover(manual)', 'hidePopover', 'showModal(popover: false, focus: Filters)']);
  });

  it('leaves the opening to the browser where it cannot show the dialog as a popover', () => {
    const { dialog } = sheet();
    dialog.showPopover = () => {
      throw new DOMException('Refused', 'NotSupportedError');
    };
    expect(command(dialog).defaultPrevented).toBe(false);
    expect(dialog.hasAttribute('popover')).toBe(false);
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
