import { useQueryClient } from '@tanstack/react-query';
import { Bot, Coins, Menu } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '#common/types.ts';
import { useAuthHref } from '#app/hooks/use-auth-href.ts';
import { usePhonePanel } from '#app/hooks/use-phone-panel.ts';
import { logout } from '#app/lib/session-actions.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { PanelToggle } from '#app/components/ui/panel-toggle.tsx';
import { onDemand } from '#app/hooks/use-on-demand.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { AccountMenuTrigger } from './account-menu-trigger';
import type AccountMenu from './account-menu';
import { formatCount } from '#app/lib/format.ts';

// The menu library is only needed once someone is signed in: keep it out of the first load. Held
// once loaded rather than behind React.lazy, whose first render suspends however loaded the module
// is, and a boundary that showed its fallback reveals no sooner than 300 ms later: the first tap on
// the menu waited that long (app/hooks/use-on-demand.ts).
const accountMenu = onDemand(() => import('./account-menu'));
const loadAccountMenu = () => void accountMenu.load().catch(() => undefined);

type AccountMenuProps = Omit<ComponentProps<typeof AccountMenu>, 'defaultOpen'>;

/**
 * The account menu once asked for: the trigger (disabled, as while its code loads) until the menu's
 * code is here, then the menu, open. A download that failed leaves the trigger, and the next tap
 * asks again, rather than failing the header.
 */
function AccountMenuWhenLoaded(props: AccountMenuProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      fallback={<AccountMenuRetry username={props.username} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <AccountMenuOpen {...props} />
    </ErrorBoundary>
  );
}

/**
 * The trigger again after the menu's code failed to download: the focus the tap gave the trigger
 * (lost with it while the code loaded) comes back to it, a toast says what happened, and a tap asks
 * again.
 */
function AccountMenuRetry({ username, onRetry }: { username: string; onRetry: () => void }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) trigger.current?.focus();
    toast({
      title: 'The account menu could not be loaded',
      description: 'Check your connection, then tap it again.',
      variant: 'destructive',
    });
  }, []);
  return (
    <AccountMenuTrigger
      ref={trigger}
      username={username}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onRetry}
    />
  );
}

function AccountMenuOpen(props: AccountMenuProps) {
  const loaded = accountMenu.useModule(true);
  return loaded ? <loaded.default {...props} defaultOpen /> : <AccountMenuTrigger username={props.username} disabled />;
}

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/agents', label: 'Agents' },
  { href: '/propose-agent', label: 'Propose Agent' },
  // Agents kept on this device (and, signed in, on the account): docs/decisions/0027.
  { href: '/saved', label: 'Saved' },
];

const MENU = [
  { href: '/profile', label: 'Profile' },
  { href: '/my-agents', label: 'My Agents' },
  { href: '/billing', label: 'Billing' },
  { href: '/settings', label: 'Settings' },
];

/** Sign In and Get Started, both to the sign-in page; `signIn` is Sign In's look, `extra` classes both. */
function AuthLinks({
  href,
  signIn,
  extra,
  onClick,
}: {
  href: string;
  signIn: 'ghost' | 'secondary';
  extra?: string;
  onClick?: () => void;
}) {
  return (
    <>
      <Link href={href} className={buttonClass(signIn, 'sm', extra)} onClick={onClick}>
        Sign In
      </Link>
      <Link href={href} className={buttonClass('primary', 'sm', extra)} onClick={onClick}>
        Get Started
      </Link>
    </>
  );
}

/** A row of the phone's menu: at least 44 px tall, the size of a thumb's tap (WCAG 2.5.5). */
const PHONE_ROW = 'flex min-h-11 w-full items-center';

/** The header; `user` is the signed-in person, or null for a visitor (and while the page hydrates). */
/** `search` is the header search box (a feature's component: this layer takes it as a slot). */
export function Navbar({ user, search }: { user: SessionUser | null; search?: ReactNode }) {
  // Sign In and Get Started return here once signed in (docs/decisions/0021).
  const authLink = useAuthHref();
  const [location, navigate] = useLocation();
  // The phone's menu: a popover, opened by the browser before the app (docs/decisions/0044).
  const mobile = usePhonePanel('mobile-menu');
  // Whose account menu has been asked for (its code loads then, and it opens at once).
  const [menuFor, setMenuFor] = useState<number | null>(null);
  // Signed out from anywhere (Settings, Profile): the next sign-in starts with the menu closed, not
  // opening by itself because it was once opened for that person.
  if (user === null && menuFor !== null) setMenuFor(null);
  const menuOpened = user !== null && menuFor === user.id;
  const queryClient = useQueryClient();
  // The server's balance (docs/product.md#credits); the persisted session is its offline copy.
  const credits = user?.credits ?? 0;
  // Operators (staff, admins) also get their proposals inbox (docs/product.md#proposals).
  const menu =
    user && (user.role === 'staff' || user.role === 'admin')
      ? [...MENU, { href: '/proposals', label: 'Proposals inbox' }]
      : MENU;

  const onLogout = async () => {
    mobile.close();
    setMenuFor(null);
    await logout(queryClient);
    navigate('/');
  };

  const linkClass = (href: string) =>
    `rounded-md px-3 py-2 text-sm font-medium ${location === href ? 'text-brand-700 bg-brand-50' : 'text-slate-700 hover:bg-slate-100'}`;

  return (
    // Escape closes the phone's menu by itself (a popover) and gives the focus back to its button.
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Bot aria-hidden className="size-7 text-brand-600" />
          <span>AgentMarket</span>
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className={linkClass(item.href)}
              aria-current={location === item.href ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </div>
        {search}
        <div className="ml-auto hidden items-center gap-3 md:flex">
          {user ? (
            <>
              <Link
                href="/credits"
                className="flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-800"
              >
                {/* Its name is what it shows, then 'available' (WCAG 2.5.3, Label in Name). */}
                <Coins aria-hidden className="size-4" />
                <span data-testid="navbar-credits">{formatCount(credits)}</span>{' '}
                <span className="font-normal">
                  credits<span className="sr-only"> available</span>
                </span>
              </Link>
              {user.consumed > 0 && (
                <span className="rounded-full bg-slate-100 px-2 py-1 text-xs font-medium text-slate-600">
                  {formatCount(user.consumed)} used
                </span>
              )}
              {/* The menu's code (Radix) loads when someone reaches for it, not with every signed-in page. */}
              {menuOpened ? (
                <AccountMenuWhenLoaded
                  username={user.username}
                  items={menu}
                  onNavigate={navigate}
                  onLogout={onLogout}
                />
              ) : (
                <AccountMenuTrigger
                  username={user.username}
                  aria-haspopup="menu"
                  aria-expanded={false}
                  onPointerEnter={loadAccountMenu}
                  onFocus={loadAccountMenu}
                  onClick={() => setMenuFor(user.id)}
                />
              )}
            </>
          ) : (
            <AuthLinks href={authLink} signIn="ghost" />
          )}
        </div>
        <PanelToggle {...mobile.toggle} what="menu" icon={Menu} />
      </nav>
      {/* In the page from the start, shown by the browser over what is under the bar (a popover). */}
      <div
        {...mobile.panel}
        className="inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-b border-slate-200 bg-white px-4 py-3 text-slate-900 shadow-lg md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className={`${PHONE_ROW} ${linkClass(item.href)}`} onClick={mobile.close}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3">
          {user ? (
            <div className="flex flex-col gap-1">
              <p className="flex items-center gap-2 px-3 py-2 text-sm font-semibold text-amber-800">
                <Coins aria-hidden className="size-4" /> {formatCount(credits)} credits
                {user.consumed > 0 && (
                  <span className="font-normal text-slate-500">({formatCount(user.consumed)} used)</span>
                )}
              </p>
              {menu.map((item) => (
                <Link
                  key={item.href}
                  href={item.href}
                  className={`${PHONE_ROW} ${linkClass(item.href)}`}
                  onClick={mobile.close}
                >
                  {item.label}
                </Link>
              ))}
              <button
                type="button"
                onClick={onLogout}
                className={`${PHONE_ROW} rounded-md px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50`}
              >
                Log out
              </button>
            </div>
          ) : (
            <div className="flex gap-2">
              <AuthLinks href={authLink} signIn="secondary" extra="flex-1" onClick={mobile.close} />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
