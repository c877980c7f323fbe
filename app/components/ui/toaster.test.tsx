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

  it('says each thing once: the same words while they show are not shown again', () => {
    render(<Toaster />);
    let first = 0;
    let again = 0;
    act(() => {
      first = toast({ title: 'Report sent', description: 'Thank you.' });
      again = toast({ title: 'Report sent', description: 'Thank you.' });
    });
    expect(again).toBe(first);
    expect(screen.getAllByText('Report sent')).toHaveLength(1);
    // Other words are said (and replace it).
    act(() => {
      toast({ title: 'Report sent', description: 'Something else.' });
    });
    expect(screen.getByText('Something else.')).toBeTruthy();
  });

  it('offers a labelled notifications region (F8 focuses it)', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
  });
});
