import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PurchaseForm } from './purchase-form';

describe('PurchaseForm', () => {
  it('starts at 100 credits for $100 and follows the presets', async () => {
    const onContinue = vi.fn();
    render(<PurchaseForm processing={false} onContinue={onContinue} />);
    const slider = screen.getByRole('slider', { name: 'Credits to buy' }) as HTMLInputElement;
    expect(slider.value).toBe('100');
    expect([slider.min, slider.max]).toEqual(['50', '500']);
    expect(screen.getByTestId('purchase-price').textContent).toBe('$100.00');
    await userEvent.click(screen.getByRole('button', { name: '$200' }));
    expect(screen.getByRole('button', { name: '$200' }).getAttribute('aria-pressed')).toBe('true');
    expect(slider.value).toBe('200');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(onContinue).toHaveBeenCalledWith(200);
  });

  it('refuses an amount with a decimal part instead of running its digits together', async () => {
    const onContinue = vi.fn();
    render(<PurchaseForm processing={false} onContinue={onContinue} />);
    const custom = screen.getByLabelText(/Custom amount/) as HTMLInputElement;
    await userEvent.type(custom, '10.5');
    expect(custom.value).toBe('10.5');
    expect(screen.getByText('Please enter a whole number of credits')).toBeTruthy();
    expect(screen.getByTestId('purchase-amount').textContent).toBe('Not a whole number');
    expect(screen.getByTestId('purchase-price').textContent).toBe('–');
    expect((screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(custom);
    await userEvent.type(custom, '105');
    expect(screen.getByTestId('purchase-price').textContent).toBe('$105.00');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(onContinue).toHaveBeenCalledWith(105);
  });

  it('drops letters and signs, and refuses less than 50', async () => {
    render(<PurchaseForm processing={false} onContinue={() => {}} />);
    const custom = screen.getByLabelText(/Custom amount/);
    await userEvent.type(custom, '4a-0');
    expect((custom as HTMLInputElement).value).toBe('40');
    expect((screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Minimum purchase is 50 credits')).toBeTruthy();
    await userEvent.type(custom, '0');
    expect(screen.getByTestId('purchase-price').textContent).toBe('$400.00');
    expect((screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('starts at the amount it is given: a quick amount on the slider, another in the custom field', async () => {
    const onContinue = vi.fn();
    const { unmount } = render(<PurchaseForm processing={false} initialAmount={50} onContinue={onContinue} />);
    expect(screen.getByRole('button', { name: '$50' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('purchase-price').textContent).toBe('$50.00');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(onContinue).toHaveBeenCalledWith(50);
    unmount();

    render(<PurchaseForm processing={false} initialAmount={640} onContinue={() => {}} />);
    expect((screen.getByLabelText(/Custom amount/) as HTMLInputElement).value).toBe('640');
    expect(screen.getByTestId('purchase-price').textContent).toBe('$640.00');
  });

  it('shows the processing state', () => {
    render(<PurchaseForm processing onContinue={() => {}} />);
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
