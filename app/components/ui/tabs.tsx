import { createContext, useContext, useId, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { TAB_KEYS } from '#app/lib/tab-keys.ts';

/**
 * Tabs after the WAI-ARIA pattern: arrow keys move between tabs and select them, Home/End jump, the
 * panel is labelled by its tab and only the selected panel is rendered. Our own rather than Radix's:
 * Radix measures styles as panels mount, a long pause on a phone on the agent page, the first screen
 * of many visits. The pill list scrolls sideways on its own at 360 px instead of widening the page.
 */
interface TabsState {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
  keepPanels: boolean;
}

const TabsContext = createContext<TabsState | null>(null);

/** Whether the panel around is the one shown (true outside tabs): a hidden panel's content can wait to ask for data. */
const PanelShown = createContext(true);
export const usePanelShown = (): boolean => useContext(PanelShown);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const tabId = (state: TabsState, value: string) => `${state.baseId}-tab-${value}`;
const panelId = (state: TabsState, value: string) => `${state.baseId}-panel-${value}`;

/**
 * `keepPanels`: every panel is rendered, the others `hidden`, so the server's HTML holds them all and
 * its tabs switch before the app has started (docs/decisions/0044).
 */
export function Tabs({
  value,
  onValueChange,
  keepPanels = false,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  keepPanels?: boolean;
  children: ReactNode;
}) {
  const baseId = useId().replace(/:/g, '');
  return <TabsContext.Provider value={{ value, onValueChange, baseId, keepPanels }}>{children}</TabsContext.Provider>;
}

/** `plain` leaves all styling to className (e.g. underlined tabs); the default is the pill style. */
type Variant = 'pill' | 'plain';

/** A tab's or a panel's props: the value it stands for, and its look. */
type PartProps<E> = HTMLAttributes<E> & { value: string; variant?: Variant };

/** A part's class: its pill style before the caller's class, or the caller's class alone when plain. */
const partClass = (variant: Variant, pill: string, className: string) =>
  variant === 'plain' ? className : `${pill} ${className}`;

export function TabsList({
  className = '',
  layoutClassName = 'flex overflow-x-auto',
  variant = 'pill',
  ...props
}: HTMLAttributes<HTMLDivElement> & { layoutClassName?: string; variant?: Variant }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = TAB_KEYS[event.key];
    if (!move) return;
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'));
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    event.preventDefault();
    const next = tabs[move(current, tabs.length)]!;
    next.focus();
    next.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className={partClass(
        variant,
        `${layoutClassName} gap-1 rounded-lg border border-slate-200 bg-slate-100 p-1`,
        className,
      )}
      {...props}
    />
  );
}

/** A tab's pill look: the selected one is raised, white and shadowed. */
const TRIGGER_PILL =
  'shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function TabsTrigger({ value, className = '', variant = 'pill', ...props }: PartProps<HTMLButtonElement>) {
  const state = useTabs();
  const selected = state.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(state, value)}
      aria-selected={selected}
      aria-controls={panelId(state, value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      data-tab={value}
      onClick={() => state.onValueChange(value)}
      className={partClass(variant, TRIGGER_PILL, className)}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className = '',
  variant = 'pill',
  children,
  ...props
}: PartProps<HTMLDivElement>) {
  const state = useTabs();
  const selected = state.value === value;
  if (!selected && !state.keepPanels) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(state, value)}
      hidden={!selected}
      aria-labelledby={tabId(state, value)}
      tabIndex={0}
      className={partClass(variant, 'mt-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6', className)}
      {...props}
    >
      <PanelShown.Provider value={selected}>{children}</PanelShown.Provider>
    </div>
  );
}
