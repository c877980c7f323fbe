import { Share2 } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { shareData } from '#app/lib/early-controls.ts';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares a page: the system share sheet where there is one (phones), else its link copied to the
 * clipboard. Closing the share sheet is not an error; a share the browser refuses falls back to
 * copying.
 */
export async function sharePage({ title, text, path }: { title: string; text: string; path: string }): Promise<void> {
  const url = new URL(path, location.origin).toString();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      if (isAbort(error)) return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}

/**
 * 'Share' for an agent page: its canonical address, name and summary. What it shares is in the
 * HTML too (shareData): before the app has started, the entry script shares it or copies the link at
 * the first tap (docs/decisions/0044).
 */
export function ShareButton({ title, text, path }: { title: string; text: string; path: string }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void sharePage({ title, text, path })}
      {...shareData({ title, text, path })}
    >
      <Share2 aria-hidden className="size-4" /> Share
    </Button>
  );
}
