import type { FormHTMLAttributes, SubmitEvent } from 'react';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { awaitsApp } from '#app/lib/app-start.ts';
import { HOLD_SUBMIT } from '#app/lib/early-clicks.ts';

/**
 * A form the app sends itself. On a server-rendered page it exists before React does: a tap on its
 * button then would submit it the browser's way, a GET that reloads the page and writes what was
 * typed (an email, a new password) into the address, and text typed into its fields would not be
 * in React's state. So its fields and buttons stay disabled until the page is hydrated, and the page
 * starts the app as soon as the form is in view (docs/decisions/0031).
 *
 * `usableBeforeApp`: a form whose fields take over what was typed or chosen before hydration
 * (useEarlyInput, useEarlyChoice) and whose submit handler reads the fields themselves. It is
 * enabled from the start, and its sending is held and replayed once hydrated (HOLD_SUBMIT), so a page
 * that shows it need not start the app until the person uses it.
 *
 * A submit that the form's own checks refuse moves the focus to the first field they marked
 * invalid, so a keyboard or screen-reader user lands on the message rather than on the button.
 */
export function AppForm({
  children,
  usableBeforeApp = false,
  onSubmit,
  ...props
}: FormHTMLAttributes<HTMLFormElement> & { usableBeforeApp?: boolean }) {
  const hydrated = useHydrated();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    const form = event.currentTarget;
    // After React has rendered what the handler set (the errors), unless the person has moved on.
    setTimeout(() => {
      if (document.activeElement !== document.body && !form.contains(document.activeElement)) return;
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }, 0);
  };
  if (usableBeforeApp) {
    return (
      <form noValidate {...props} onSubmit={submit} {...HOLD_SUBMIT}>
        {children}
      </form>
    );
  }
  return (
    <form noValidate {...props} onSubmit={submit} {...awaitsApp(hydrated)}>
      {/* `contents`: the form's own layout (grid, gaps) still applies to the fields. */}
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
