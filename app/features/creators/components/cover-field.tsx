import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Agent } from '#common/types.ts';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { CoverImage } from '#app/components/ui/cover-image.tsx';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';
import { removeCover, uploadCover } from '#app/features/creators/api/upload-picture.ts';
import { prepareCover, type PreparedCover } from '#app/features/creators/lib/cover.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { agentKeys, creatorKeys, myAgentsKeys } from '#app/lib/query-keys.ts';

/** The agent's cover and the cards' small copy, as the server holds them. */
export type CoverPictures = Pick<Agent, 'imageUrl' | 'thumbnailUrl'>;

/**
 * The picture as a data: address to show it: the page's policy allows images from data: but not
 * from blob: (a chosen file's object URL).
 */
const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('This picture could not be read. Please choose another.'));
    reader.readAsDataURL(blob);
  });

type Phase =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'chosen'; prepared: PreparedCover }
  | { kind: 'uploading'; prepared: PreparedCover; sent: number | null }
  | { kind: 'removing' };

/**
 * The agent's cover in its form (docs/decisions/0028, 0043): a picker drawn as a button (the file
 * input itself is visually hidden but reached by the keyboard), the chosen picture shown cropped to
 * 16:10 as the pages will crop it (the very copy the browser made to upload, in a 16:10 box), then
 * uploaded with its progress shown; Remove goes back to the
 * generated picture. For an agent not yet listed (`agentId` null) the chosen picture is held
 * (`onHeld`) and uploaded once the agent exists.
 */
export function CoverField({
  agentId,
  name,
  current,
  invalid,
  onSaved,
  onHeld,
}: {
  agentId: number | null;
  name: string;
  current: CoverPictures;
  /** What the form's check says of the cover's address it sends, if anything. */
  invalid?: string;
  onSaved?: (pictures: CoverPictures) => void;
  onHeld?: (prepared: PreparedCover | null) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The saved cover's address when it failed to load (an outside address gone): the generated picture instead.
  const [broken, setBroken] = useState<string | null>(null);
  const editing = agentId !== null;
  const busy = phase.kind === 'preparing' || phase.kind === 'uploading' || phase.kind === 'removing';

  /** Back to the saved cover; the focus goes back to the picker, not lost with the button that went. */
  const reset = (focus = false) => {
    setPhase({ kind: 'idle' });
    setPreview(null);
    if (input.current) input.current.value = '';
    if (focus) requestAnimationFrame(() => input.current?.focus());
  };

  const saved = (pictures: CoverPictures, message: string) => {
    queryClient.setQueryData<Agent>(agentKeys.detail(agentId!), (old) => (old ? { ...old, ...pictures } : old));
    // Cards, the creator's page and the console show it too.
    void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    void queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    void queryClient.invalidateQueries({ queryKey: myAgentsKeys.all });
    onSaved?.(pictures);
    setNotice(message);
  };

  const choose = async (file: File) => {
    setError(null);
    setNotice(null);
    setPhase({ kind: 'preparing' });
    try {
      const prepared = await prepareCover(file);
      setPreview(await dataUrl(prepared.cover));
      setPhase({ kind: 'chosen', prepared });
      onHeld?.(prepared);
    } catch (err) {
      reset();
      onHeld?.(null);
      setError(errorMessage(err, 'This picture could not be read. Please choose another.'));
    }
  };

  const upload = async (prepared: PreparedCover) => {
    setError(null);
    setPhase({ kind: 'uploading', prepared, sent: 0 });
    try {
      const pictures = await uploadCover(agentId!, prepared.cover, prepared.thumbnail, (sent) =>
        setPhase((p) => (p.kind === 'uploading' ? { ...p, sent } : p)),
      );
      saved(pictures, 'Cover saved. It shows on the agent’s page and cards.');
      reset(true);
    } catch (err) {
      setPhase({ kind: 'chosen', prepared });
      setError(errorMessage(err, 'The cover could not be uploaded. Please try again.'));
    }
  };

  const remove = async () => {
    setError(null);
    setNotice(null);
    setPhase({ kind: 'removing' });
    try {
      saved(await removeCover(agentId!), 'Cover removed. A generated picture shows instead.');
      reset(true);
    } catch (err) {
      setPhase({ kind: 'idle' });
      setError(errorMessage(err, 'The cover could not be removed. Please try again.'));
    }
  };

  const chosen = phase.kind === 'chosen' || phase.kind === 'uploading' ? phase : null;
  const percent = phase.kind === 'uploading' && phase.sent !== null ? Math.round(phase.sent * 100) : null;

  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">
        Cover picture <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="relative aspect-[16/10] w-full max-w-md overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {preview ? (
          <img
            src={preview}
            alt="The chosen picture, cropped to 16:10 as it will show"
            className="size-full object-cover"
          />
        ) : current.imageUrl && broken !== current.imageUrl ? (
          <CoverImage
            src={current.imageUrl}
            alt="The current cover"
            eager
            onError={() => setBroken(current.imageUrl)}
            className="size-full object-cover"
          />
        ) : (
          <GeneratedPicture seed={`agent-${agentId ?? 'new'}`} name={name || 'New agent'} className="size-full" />
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        PNG, JPEG or WebP up to 2 MB, cropped to 16:10 as shown.{' '}
        {editing
          ? 'It is saved as soon as it is uploaded.'
          : 'It is uploaded when you list the agent. Without one, a generated picture shows.'}
      </p>
      {phase.kind === 'preparing' && (
        <p role="status" className="text-sm text-slate-700">
          Preparing the picture…
        </p>
      )}
      {phase.kind === 'uploading' && (
        <div className="grid gap-1">
          <p className="flex justify-between text-sm text-slate-700">
            <span role="status">Uploading…</span>
            {percent !== null && <span aria-hidden>{percent}%</span>}
          </p>
          <progress
            aria-label="Uploading the cover"
            max={1}
            // No value: an indeterminate bar while the browser cannot tell how much has gone.
            value={phase.sent ?? undefined}
            className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
          />
        </div>
      )}
      {(error ?? invalid) && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error ?? invalid}
        </p>
      )}
      {notice && !busy && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {notice}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void choose(file);
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-file`}
          className={buttonClass(
            'secondary',
            'md',
            'min-h-11 cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          <ImagePlus aria-hidden className="size-4" />{' '}
          {chosen || current.imageUrl ? 'Choose another picture' : 'Choose a picture'}
        </label>
        {chosen && editing && (
          <Button className="min-h-11" disabled={busy} onClick={() => void upload(chosen.prepared)}>
            <Upload aria-hidden className="size-4" /> Upload cover
          </Button>
        )}
        {chosen && (
          <Button
            variant="ghost"
            className="min-h-11"
            disabled={busy}
            onClick={() => {
              reset(true);
              setError(null);
              onHeld?.(null);
            }}
          >
            {editing ? 'Cancel' : 'Don’t use it'}
          </Button>
        )}
        {(phase.kind === 'idle' || phase.kind === 'removing') && editing && current.imageUrl && (
          <Button
            variant="ghost"
            className="min-h-11 text-red-700 hover:bg-red-50"
            disabled={busy}
            onClick={() => void remove()}
          >
            <Trash2 aria-hidden className="size-4" /> {phase.kind === 'removing' ? 'Removing…' : 'Remove cover'}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
