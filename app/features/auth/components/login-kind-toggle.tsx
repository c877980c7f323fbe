import { Building2, User } from 'lucide-react';

export type LoginKind = 'customer' | 'internal';

/** Customer or Internal (staff, company-domain email) sign-in. */
export function LoginKindToggle({
  kind,
  onChange,
  badge,
}: {
  kind: LoginKind;
  onChange: (kind: LoginKind) => void;
  badge: string;
}) {
  const option = (value: LoginKind, label: string, Icon: typeof User, extra?: string) => (
    <button
      type="button"
      aria-pressed={kind === value}
      onClick={() => onChange(value)}
      className={`flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
        kind === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
      }`}
    >
      <Icon aria-hidden className="size-4" />
      {label}
      {extra && (
        <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-700">{extra}</span>
      )}
    </button>
  );
  return (
    <div role="group" aria-label="Account type" className="flex gap-1 rounded-lg bg-slate-100 p-1">
      {option('customer', 'Customer', User)}
      {option('internal', 'Internal', Building2, badge)}
    </div>
  );
}
