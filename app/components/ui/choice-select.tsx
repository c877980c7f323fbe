import { useRef, type SelectHTMLAttributes } from 'react';
import { useEarlyChoice } from '#app/hooks/use-early-input.ts';

type ChoiceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'disabled'> & {
  value: string;
  onChoose: (value: string) => void;
};

/**
 * A choice (a sort, a department) that works before the app runs (docs/decisions/0031): the server
 * renders it enabled, so a page that is only read does not start the app for it; pressing or
 * focusing it starts the app (app/lib/app-start.ts), and a choice made while the page was still only
 * HTML is taken once hydrated (useEarlyChoice).
 */
export function ChoiceSelect({ value, onChoose, ...props }: ChoiceSelectProps) {
  const ref = useRef<HTMLSelectElement>(null);
  useEarlyChoice(ref, value, onChoose);
  return <select ref={ref} value={value} onChange={(event) => onChoose(event.target.value)} {...props} />;
}
