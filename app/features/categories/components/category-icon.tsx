import {
  Banknote,
  Bot,
  Briefcase,
  Building2,
  ChartLine,
  Code,
  FlaskConical,
  Gamepad2,
  Gavel,
  GraduationCap,
  Headset,
  Plane,
  ShoppingBag,
  ShoppingCart,
  Stethoscope,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** docs/product.md#data's known category icons; any other key gets the default. */
const ICONS: Record<string, LucideIcon> = {
  briefcase: Briefcase,
  'chart-line': ChartLine,
  code: Code,
  'money-bill-alt': Banknote,
  'graduation-cap': GraduationCap,
  flask: FlaskConical,
  gavel: Gavel,
  stethoscope: Stethoscope,
  building: Building2,
  users: Users,
  cart: ShoppingCart,
  headset: Headset,
  'shopping-cart': ShoppingBag,
  plane: Plane,
  gamepad: Gamepad2,
};

/** Landing pages derive icons from keywords in a department's name. */
const KEYWORDS: [RegExp, string][] = [
  [/market/i, 'chart-line'],
  [/sale/i, 'cart'],
  [/financ|account/i, 'money-bill-alt'],
  [/legal|law/i, 'gavel'],
  [/hr|human|people|recruit/i, 'users'],
  [/it\b|tech|engineer|develop|data/i, 'code'],
  [/support|service|customer/i, 'headset'],
  [/research|science/i, 'flask'],
  [/operat|logist/i, 'building'],
];

export const iconForName = (name: string): string => KEYWORDS.find(([re]) => re.test(name))?.[1] ?? 'briefcase';

export function CategoryIcon({ icon, className = 'size-6' }: { icon: string | null | undefined; className?: string }) {
  const Icon = (icon && ICONS[icon]) || Bot;
  return <Icon aria-hidden className={className} />;
}
