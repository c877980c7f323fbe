import { ChevronDown } from 'lucide-react';
import { forwardRef, type ButtonHTMLAttributes } from 'react';

/**
 * The avatar button that opens the account menu; also shown while the menu's code loads. Its name
 * starts with the username it shows, so a person using voice control can say what they see.
 */
export const AccountMenuTrigger = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { username: string }
>(function AccountMenuTrigger({ username, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={`${username}, account menu`}
      className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-2 text-sm font-medium hover:bg-slate-50"
      {...props}
    >
      {/* The initial is drawn (CSS content), not text: the name's visible text is the username alone (WCAG 2.5.3). */}
      <span
        aria-hidden
        data-initial={username.charAt(0).toUpperCase()}
        className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-white before:content-[attr(data-initial)]"
      />
      <span className="max-w-32 truncate">{username}</span>
      <ChevronDown aria-hidden className="size-4" />
    </button>
  );
});
