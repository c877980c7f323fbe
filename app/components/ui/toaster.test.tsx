import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '#app/hooks/use-toast.ts';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('shows one toast at a time, the newest replacing the last', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Logged out', description: 'See you soon' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Logged out')).toBeTruthy();
    expect(screen.getByText('See you soon')).toBeTruthy();
  });

  it('offers a labelled notifications region (F8 focuses it)', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
  });
});
