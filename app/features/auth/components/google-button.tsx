import type { PublicConfig } from '#common/types.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { googleLoginUrl } from '#app/features/auth/lib/google.ts';

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.93l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/**
 * Google sign-in is a full-page redirect through the worker (the browser never sees provider
 * secrets). When the server has no Google client configured, the button says so instead.
 */
export function GoogleButton({
  config,
  internal,
  next = null,
  onStart,
}: {
  config: PublicConfig | undefined;
  internal: boolean;
  /** Where the sign-in returns to (a checked path), or null for home. */
  next?: string | null;
  onStart: () => void;
}) {
  const base =
    'flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900';
  if (!config) {
    return (
      <button type="button" disabled className={`${base} opacity-60`}>
        <GoogleMark /> Continue with Google
      </button>
    );
  }
  if (!config.googleEnabled) {
    return (
      <div>
        <button
          type="button"
          disabled
          aria-describedby="google-disabled-note"
          className={`${base} cursor-not-allowed bg-slate-50 text-slate-600`}
        >
          <GoogleMark /> Sign-in with Google is not configured
        </button>
        <p id="google-disabled-note" className="mt-2 text-xs text-slate-600">
          This server has no Google client set up, so use your username or email and password instead.
        </p>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`${base} hover:bg-slate-50`}
      onClick={() => {
        toast({ title: 'Redirecting to Google', description: 'You will come back here once you have signed in.' });
        onStart();
        window.location.assign(googleLoginUrl(internal, next));
      }}
    >
      <GoogleMark /> Continue with Google
    </button>
  );
}
