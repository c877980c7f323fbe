import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '#common/types.ts';
import { Toaster } from '#app/components/ui/toaster.tsx';
import { dismissToast, toast } from '#app/hooks/use-toast.ts';
import { GoogleButton } from './google-button';

const config = (googleEnabled: boolean): PublicConfig => ({
  staffEmailDomain: 'example.cc',
  googleEnabled,
  paymentsMode: 'sandbox',
  providerMode: false,
  version: 'test',
  appOrigin: 'http://localhost:8787',
});

describe('GoogleButton', () => {
  beforeEach(async () => {
    act(() => dismissToast(toast({ title: 'reset' })));
    await new Promise((resolve) => setTimeout(resolve, 350));
  });

  afterEach(() => vi.unstubAllGlobals());

  it('explains that Google sign-in is not configured when the server has no client', async () => {
    const onStart = vi.fn();
    render(<GoogleButton config={config(false)} internal={false} onStart={onStart} />);
    const button = screen.getByRole('button', { name: 'Sign-in with Google is not configured' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('google-disabled-note');
    expect(screen.getByText(/no Google client set up/)).toBeTruthy();
    await userEvent.click(button);
    expect(onStart).not.toHaveBeenCalled();
  });

  it('goes to the worker login route as a full navigation, Internal mode included', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const onStart = vi.fn();
    render(
      <>
        <GoogleButton config={config(true)} internal onStart={onStart} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(onStart).toHaveBeenCalledOnce();
    expect(assign).toHaveBeenCalledWith('/api/auth/login/google?isInternalLogin=true');
    expect(await screen.findByText('Redirecting to Google')).toBeTruthy();
  });
});
