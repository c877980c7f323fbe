import { HONEYPOT_FIELD } from '#common/validation.ts';

/**
 * The hidden honeypot of a public form (the server refuses a filled one): off-screen rather than
 * `display: none`, which some bots skip, out of the tab order and hidden from assistive technology,
 * so a person never fills it and a form-filling bot does.
 */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
