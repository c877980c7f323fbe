import { useRef } from 'react';
import { useEarlyChoice } from '#app/hooks/use-early-input.ts';

/**
 * A single-thumb slider: the browser's own range input, so arrow keys, Page Up/Down, Home and End,
 * touch and screen readers work without any script of ours, before the app runs too (a value chosen
 * then is taken once hydrated: useEarlyChoice).
 */
export function Slider({
  label,
  value,
  min,
  max,
  step,
  onValueChange,
  valueText,
  disabled,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onValueChange: (value: number) => void;
  valueText?: string;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEarlyChoice(ref, String(value), (chosen) => {
    const next = Number(chosen);
    if (Number.isFinite(next)) onValueChange(next);
  });
  return (
    <input
      ref={ref}
      type="range"
      aria-label={label}
      aria-valuetext={valueText}
      value={value}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onChange={(e) => {
        const next = Number(e.currentTarget.value);
        if (Number.isFinite(next)) onValueChange(next);
      }}
      className="h-6 w-full cursor-pointer accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed"
    />
  );
}
