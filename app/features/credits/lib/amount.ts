import * as v from 'valibot';
import { formatCents } from '#common/format.ts';
import {
  CENTS_PER_CREDIT,
  PURCHASE_DEFAULT,
  PURCHASE_MIN,
  PURCHASE_SLIDER_MAX,
  PURCHASE_SLIDER_STEP,
} from '#common/constants.ts';
import { firstIssue, purchaseSchema } from '#common/validation.ts';

/**
 * What the custom amount field keeps of what is typed or pasted: digits, and a point or comma, which
 * stay so that an amount with a decimal part is refused (`typedAmount`) rather than read as its
 * digits run together: 10.5 must not become 105 credits. Letters, signs and spaces are dropped. Long
 * enough for any amount that can be bought, written with its thousands separated ("10,000").
 */
export const amountText = (text: string, maxLength = 9): string => text.replace(/[^\d.,]/g, '').slice(0, maxLength);

/**
 * The amount the custom field holds: a whole number, with or without commas between its thousands
 * ("1,000"); NaN for anything else (a decimal part), refused as not a whole number of credits.
 */
export function typedAmount(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{1,3}(?:,\d{3})+$/.test(text)) return Number(text.replaceAll(',', ''));
  return Number.NaN;
}

/** Why an amount cannot be bought (the shared schema's message), or null when it can. */
export function purchaseAmountError(amount: number): string | null {
  const result = v.safeParse(purchaseSchema, { amount });
  return result.success ? null : firstIssue(result.issues);
}

/** Where the slider thumb sits for any amount (custom amounts may lie outside its range). */
export const sliderPosition = (amount: number): number => Math.min(Math.max(amount, PURCHASE_MIN), PURCHASE_SLIDER_MAX);

/** What `credits` cost, in dollars. */
export const formatPrice = (credits: number): string => formatCents(credits * CENTS_PER_CREDIT);

/**
 * The amount /credits starts with from its `?amount=` (the same on the server and in the browser,
 * both reading the URL): a whole number that can be bought, else the default.
 */
export function initialPurchaseAmount(param: string | null): number {
  if (!param || !/^\d{1,6}$/.test(param)) return PURCHASE_DEFAULT;
  const amount = Number(param);
  return purchaseAmountError(amount) ? PURCHASE_DEFAULT : amount;
}

/** Whether the slider (and the quick amounts) can show this amount, rather than the custom field. */
export const onSlider = (amount: number): boolean =>
  amount >= PURCHASE_MIN && amount <= PURCHASE_SLIDER_MAX && (amount - PURCHASE_MIN) % PURCHASE_SLIDER_STEP === 0;
