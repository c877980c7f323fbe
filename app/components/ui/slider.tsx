import * as RadixSlider from '@radix-ui/react-slider';

/** A single-thumb slider; arrow keys, Page Up/Down, Home and End move it. */
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
  return (
    <RadixSlider.Root
      className="relative flex h-6 w-full touch-none select-none items-center"
      value={[value]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={([next]) => next !== undefined && onValueChange(next)}
    >
      <RadixSlider.Track className="relative h-2 grow rounded-full bg-slate-200">
        <RadixSlider.Range className="absolute h-full rounded-full bg-brand-600" />
      </RadixSlider.Track>
      <RadixSlider.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-6 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
    </RadixSlider.Root>
  );
}
