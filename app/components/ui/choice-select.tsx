import { useRef, type ReactNode, type SelectHTMLAttributes } from 'react';
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

/** How a LabelledChoice looks where it sits (the landing variants colour theirs). */
export interface ChoiceLook {
  className?: string;
  selectClassName?: string;
  labelClassName?: string;
}

/**
 * A ChoiceSelect under its small label: the lists' filter bars (sort, department). `name` is its URL
 * parameter: in the phone's filter sheet it is a field of a GET form that works before the app
 * (docs/decisions/0044).
 */
export function LabelledChoice({
  id,
  name,
  label,
  value,
  onChoose,
  className = '',
  selectClassName = 'border-slate-300 bg-white text-slate-900',
  labelClassName = 'text-slate-600',
  children,
}: ChoiceLook & {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChoose: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={`text-xs font-medium uppercase tracking-wide ${labelClassName}`}>
        {label}
      </label>
      <ChoiceSelect
        id={id}
        name={name}
        value={value}
        onChoose={onChoose}
        className={`h-10 w-full rounded-lg border px-3 text-sm max-md:h-11 max-md:text-base ${selectClassName}`}
      >
        {children}
      </ChoiceSelect>
    </div>
  );
}
