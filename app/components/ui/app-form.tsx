import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { awaitsApp } from '#app/lib/app-start.ts';

/**
 * A form the app sends itself. On a server-rendered page it exists before React does: a tap on its
 * button then would submit it the browser's way, a GET that reloads the page and writes what was
 * typed (an email, a new password) into the address, and text typed into its fields would not be
 * in React's state. So its fields and buttons stay disabled until the page is hydrated, and the page
 * starts the app as soon as the form is in view (docs/decisions/0031).
 */
export function AppForm({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form noValidate {...props} {...awaitsApp(hydrated)}>
      {/* `contents`: the form's own layout (grid, gaps) still applies to the fields. */}
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
