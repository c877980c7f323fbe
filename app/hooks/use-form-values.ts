import { useState } from 'react';

/** A form's text fields in one state, and `set(name)`: the change handler of that field's control. */
export function useFormValues<T extends Record<keyof T, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof T) => (e: { target: { value: string } }) =>
    setValues((s) => ({ ...s, [key]: e.target.value }));
  return { values, setValues, set };
}
