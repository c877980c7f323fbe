import { createElement, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Props a control needs so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export const controlClass = (invalid: boolean, extra = '') =>
  // On a phone 44 px tall and 16 px text (smaller text makes iOS zoom the page on focus).
  `block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 max-md:min-h-11 max-md:text-base ${
    invalid ? 'border-red-600 ring-1 ring-red-600' : 'border-slate-300'
  } ${extra}`;

/**
 * A labelled form control with an optional hint and an inline error. The control is rendered by
 * `children` so any input (text, textarea, select, custom) gets the same wiring.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  optional = false,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A native control drawn as the app's inputs are, red while `invalid`. */
function styledControl<T extends 'input' | 'textarea' | 'select'>(tag: T) {
  return function Control({
    invalid = false,
    className = '',
    ...props
  }: ComponentProps<T> & { invalid?: boolean; className?: string }) {
    return createElement(tag, { className: controlClass(invalid, className), ...props });
  };
}

export const TextInput = styledControl('input');
export const TextArea = styledControl('textarea');
export const Select = styledControl('select');

/** What a field shows around its control: FormField's props without the render function. */
type FieldFrame = { id: string; label: ReactNode; error?: string | null; hint?: ReactNode; optional?: boolean };

/**
 * `Control` in a FormField, as one element: the control gets the field's id and ARIA wiring and
 * turns red with its error, so every form wires its fields the same way.
 */
export function withField<P extends { invalid?: boolean }>(Control: ComponentType<P>) {
  return function Field({
    id,
    label,
    error,
    hint,
    optional,
    ...props
  }: FieldFrame & Omit<P, 'invalid' | keyof FieldControlProps>) {
    return (
      <FormField id={id} label={label} error={error} hint={hint} optional={optional}>
        {(control) => <Control {...control} {...(props as unknown as P)} invalid={Boolean(error)} />}
      </FormField>
    );
  };
}

export const TextField = withField(TextInput);
export const TextAreaField = withField(TextArea);
export const SelectField = withField(Select);

/** A select's options, each a value and what it reads. */
export function Options({ options }: { options: readonly { value: string | number; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
