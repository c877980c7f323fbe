import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';

/**
 * Radix Tabs: arrow keys move between tabs, Home/End jump, the panel is labelled by its tab. The
 * list scrolls sideways on its own at 360 px instead of widening the page.
 */
export const Tabs = RadixTabs.Root;

export function TabsList({
  className = '',
  layoutClassName = 'flex overflow-x-auto',
  ...props
}: ComponentProps<typeof RadixTabs.List> & { layoutClassName?: string }) {
  return (
    <RadixTabs.List
      className={`${layoutClassName} gap-1 rounded-lg border border-slate-200 bg-slate-100 p-1 ${className}`}
      {...props}
    />
  );
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={`shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = '', ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={`mt-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6 ${className}`} {...props} />;
}
