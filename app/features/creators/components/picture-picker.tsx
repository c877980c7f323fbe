import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { awaitsApp } from '#app/lib/app-start.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { fileProblem } from '#app/features/creators/lib/scale-image.ts';

/**
 * Choose, upload and remove one picture (docs/decisions/0028). `upload` gets the chosen file and
 * does the scaling and the request; the error shows inline and nothing changes on failure.
 */
export function PicturePicker({
  label,
  hint,
  hasPicture,
  upload,
  remove,
  uploadedMessage,
}: {
  label: string;
  hint: string;
  hasPicture: boolean;
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
  uploadedMessage: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: 'upload' | 'remove', work: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
      toast({ title: done });
    } catch (err) {
      setError(errorMessage(err, 'The picture could not be saved. Please try again.'));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={!hydrated || busy !== null}
        {...awaitsApp(hydrated)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const problem = fileProblem(file);
          if (problem) {
            setError(problem);
            event.target.value = '';
            return;
          }
          void run('upload', () => upload(file), uploadedMessage);
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {busy === 'upload' && (
        <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
          <ImageUp aria-hidden className="size-4" /> Uploading…
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {hasPicture && (
        <Button
          variant="ghost"
          className="justify-self-start text-red-700 hover:bg-red-50"
          disabled={busy !== null}
          onClick={() => void run('remove', remove, 'Picture removed')}
        >
          <Trash2 aria-hidden className="size-4" /> {busy === 'remove' ? 'Removing…' : 'Remove picture'}
        </Button>
      )}
    </div>
  );
}
