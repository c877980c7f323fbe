import type { FormHTMLAttributes } from 'react';
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
 */
export function AppForm({ children, usableBeforeApp = false, ...props }: FormHTMLAttributes<HTMLFormElement> & { usableBeforeApp?: boolean }) {
  const hydrated = useHydrated();
  if (usableBeforeApp) {
    return (
      <form noValidate {...props} {...HOLD_SUBMIT}>
        {children}
      </form>
    );
  }
  return (
    <form noValidate {...props} {...awaitsApp(hydrated)}>
      {/* `contents`: the form's own layout (grid, gaps) still applies to the fields. */}
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
