import { useState } from 'react';

/**
 * A form's text fields in one state, and `bind(name)`: what that field's control takes, to spread on
 * it: its id (`<idPrefix>-<name in kebab case>`), name, value and change handler.
 */
export function useFormValues<T extends Record<keyof T, string>>(initial: T, idPrefix: string) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof T) => (e: { target: { value: string } }) =>
    setValues((s) => ({ ...s, [key]: e.target.value }));
  const bind = <K extends keyof T & string>(key: K) => ({
    id: `${idPrefix}-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    name: key,
    value: values[key],
    onChange: set(key),
  });
  return { values, setValues, bind };
}
