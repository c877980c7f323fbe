import { CreditCard } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  PURCHASE_DEFAULT,
  PURCHASE_MIN,
  PURCHASE_PRESETS,
  PURCHASE_SLIDER_MAX,
  PURCHASE_SLIDER_STEP,
} from '#common/constants.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextInput } from '#app/components/ui/form-field.tsx';
import { Slider } from '#app/components/ui/slider.tsx';
import { useEarlyInput } from '#app/hooks/use-early-input.ts';
import { toast } from '#app/hooks/use-toast.ts';
import {
  amountText,
  formatPrice,
  onSlider,
  purchaseAmountError,
  sliderPosition,
  typedAmount,
} from '#app/features/credits/lib/amount.ts';
import { formatCount } from '#app/lib/format.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';

/**
 * Choose how many credits to buy (docs/product.md#validation): slider 50-500 in steps of 10, presets, or a
 * custom whole number; nothing under 50 can be bought. `initialAmount` (from /credits?amount=) starts
 * on the slider when it can show it, else in the custom field.
 *
 * Usable before the app runs (docs/decisions/0031): the slider is the browser's own, a preset is a
 * held tap, what is typed is taken over once hydrated, and the sending is held and replayed. So the
 * amount sent is read from the fields as they are at that moment, not from a state that may not yet
 * hold what was chosen before hydration.
 */
export function PurchaseForm({
  processing,
  initialAmount = PURCHASE_DEFAULT,
  onContinue,
}: {
  processing: boolean;
  initialAmount?: number;
  onContinue: (amount: number) => void;
}) {
  const [sliderAmount, setSliderAmount] = useState<number>(() => sliderPosition(initialAmount));
  const [custom, setCustom] = useState(() => (onSlider(initialAmount) ? '' : String(initialAmount)));
  const amount = custom ? typedAmount(custom) : sliderAmount;
  const whole = !Number.isNaN(amount);
  // Where the thumb sits: a custom amount that is not a whole number leaves it where it was.
  const thumb = sliderPosition(whole ? amount : sliderAmount);
  const error = purchaseAmountError(amount);

  const customRef = useRef<HTMLInputElement>(null);
  useEarlyInput(customRef, (text) => setCustom(amountText(text)));

  const choose = (value: number) => {
    setSliderAmount(value);
    setCustom('');
  };

  return (
    <AppForm
      usableBeforeApp
      aria-labelledby="purchase-heading"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      onSubmit={(e) => {
        e.preventDefault();
        // What the field shows, read from the form sent: a ref is attached only at React's commit.
        const shown = amountText(e.currentTarget.querySelector<HTMLInputElement>('#custom-amount')?.value ?? '');
        const range = e.currentTarget.querySelector<HTMLInputElement>('input[type="range"]');
        const chosen = shown ? typedAmount(shown) : Number(range?.value ?? sliderAmount);
        const invalid = purchaseAmountError(chosen);
        if (invalid) {
          toast({ title: 'Invalid amount', description: invalid, variant: 'destructive' });
          return;
        }
        onContinue(chosen);
      }}
    >
      <div>
        <h2 id="purchase-heading" className="text-xl font-semibold">
          Choose an amount
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          1 credit = $1. Credits never expire and are used when you try an agent.
        </p>
      </div>

      <div className="grid gap-3">
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm font-medium text-slate-800">Credits to buy</span>
          <output
            htmlFor="custom-amount"
            aria-live="polite"
            className="text-2xl font-bold text-slate-900"
            data-testid="purchase-amount"
          >
            {whole ? `${formatCount(amount)} credits` : 'Not a whole number'}
          </output>
        </div>
        <Slider
          label="Credits to buy"
          value={thumb}
          min={PURCHASE_MIN}
          max={PURCHASE_SLIDER_MAX}
          step={PURCHASE_SLIDER_STEP}
          valueText={`${thumb} credits`}
          onValueChange={choose}
        />
        <div className="flex justify-between text-xs text-slate-600" aria-hidden>
          <span>{PURCHASE_MIN}</span>
          <span>{PURCHASE_SLIDER_MAX}</span>
        </div>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Quick amounts</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PURCHASE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={!custom && sliderAmount === preset}
              onClick={() => choose(preset)}
              className={`h-11 rounded-lg border text-sm font-semibold transition-colors ${
                !custom && sliderAmount === preset
                  ? 'border-brand-600 bg-brand-50 text-brand-700'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              ${preset}
            </button>
          ))}
        </div>
      </fieldset>

      <FormField
        id="custom-amount"
        label="Custom amount"
        optional
        hint={`Whole credits only, at least ${PURCHASE_MIN}.`}
        error={custom && error ? error : null}
      >
        {(control) => (
          <TextInput
            {...control}
            ref={customRef}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            placeholder="e.g. 750"
            value={custom}
            invalid={Boolean(custom && error)}
            // What is wrong is said under the field as it is typed: once, not again in a toast on leaving it.
            onChange={(e) => setCustom(amountText(e.target.value))}
          />
        )}
      </FormField>

      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6">
        <p className="text-sm text-slate-700">
          Total{' '}
          <span className="block text-2xl font-bold text-slate-900" data-testid="purchase-price">
            {whole ? formatPrice(amount) : '–'}
          </span>
        </p>
        <Button type="submit" size="lg" disabled={processing || Boolean(error)}>
          <CreditCard aria-hidden className="size-5" />
          {processing ? 'Processing...' : 'Continue to Payment'}
        </Button>
      </div>
    </AppForm>
  );
}
