import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { AccountMenuTrigger } from './account-menu-trigger';

interface AccountMenuProps {
  username: string;
  items: readonly { href: string; label: string }[];
  onNavigate: (href: string) => void;
  onLogout: () => void;
  /** Opened as it mounts: the user already asked for it (see the navbar). */
  defaultOpen?: boolean;
}

/** The signed-in user's menu: keyboard-usable through Radix's menu primitives. */
export default function AccountMenu({ username, items, onNavigate, onLogout, defaultOpen }: AccountMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountMenuTrigger username={username} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.href}
              onSelect={() => onNavigate(item.href)}
              className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onLogout}
            className="cursor-pointer rounded-md px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
          >
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
