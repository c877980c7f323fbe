import { useEffect, useRef, type SelectHTMLAttributes } from 'react';

type ChoiceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'disabled'> & {
  value: string;
  onChoose: (value: string) => void;
};

/**
 * A choice (a sort, a department) that works before the app runs (docs/decisions/0031): the server
 * renders it enabled, so a page that is only read does not start the app for it; pressing or
 * focusing it starts the app (app/lib/app-start.ts). A choice made while the page was still only
 * HTML is on screen but in no state (React 19 neither resets nor replays it), so once hydrated it is
 * taken as if made then.
 */
export function ChoiceSelect({ value, onChoose, ...props }: ChoiceSelectProps) {
  const ref = useRef<HTMLSelectElement>(null);
  // What the server rendered and whom to tell: the effect below runs once, at hydration.
  const first = useRef({ value, onChoose });
  useEffect(() => {
    const chosen = ref.current?.value;
    if (chosen !== undefined && chosen !== first.current.value) first.current.onChoose(chosen);
  }, []);
  return <select ref={ref} value={value} onChange={(event) => onChoose(event.target.value)} {...props} />;
}
