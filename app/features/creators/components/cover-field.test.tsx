import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/lib/api-client.ts';
import { removeCover, uploadCover, type UploadProgress } from '#app/features/creators/api/upload-picture.ts';
import { CoverField, type CoverPictures } from './cover-field';

// The browser's canvas work is not what is tested here (happy-dom has no createImageBitmap): the
// check of the file's type is kept, the scaling answers at once.
vi.mock('#app/features/creators/lib/scale-image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#app/features/creators/lib/scale-image.ts')>()),
  scaleTo: vi.fn(async () => new Blob(['scaled'], { type: 'image/webp' })),
}));
vi.mock('#app/features/creators/api/upload-picture.ts', () => ({ uploadCover: vi.fn(), removeCover: vi.fn() }));

const COVER = { imageUrl: '/media/covers/old.webp', thumbnailUrl: '/media/thumbs/old.webp' };
const NEW = { imageUrl: '/media/covers/new.webp', thumbnailUrl: '/media/thumbs/new.webp' };
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

let saved: CoverPictures[];
let held: unknown[];

/** The field as the agent form holds it: the cover it shows is the one last saved. */
function Harness({ agentId, initial }: { agentId: number | null; initial: CoverPictures }) {
  const [current, setCurrent] = useState(initial);
  return (
    <CoverField
      agentId={agentId}
      name="LedgerLens"
      current={current}
      onSaved={(pictures) => {
        saved.push(pictures);
        setCurrent(pictures);
      }}
      onHeld={(prepared) => held.push(prepared)}
    />
  );
}

function setup(agentId: number | null, initial: CoverPictures = COVER) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness agentId={agentId} initial={initial} />
    </QueryClientProvider>,
  );
}

const picker = () => screen.getByLabelText(/Choose (a|another) picture/) as HTMLInputElement;
const choose = async (file: File) => {
  await act(async () => {
    fireEvent.change(picker(), { target: { files: [file] } });
  });
  await waitFor(() => expect(screen.queryByText('Preparing the picture…')).toBeNull());
};
const preview = () => screen.queryByRole('img', { name: 'The chosen picture, cropped to 16:10 as it will show' });

beforeEach(() => {
  vi.mocked(uploadCover).mockClear();
  vi.mocked(removeCover).mockClear();
  saved = [];
  held = [];
});

describe('the cover picker in Edit Agent', () => {
  it('shows the saved cover with a picker drawn as a button (its input hidden but reachable) and Remove', () => {
    setup(7);
    expect(screen.getByRole('group', { name: 'Cover picture (optional)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The current cover' }).getAttribute('src')).toBe(COVER.imageUrl);
    const input = picker();
    expect(input.type).toBe('file');
    expect(input.className).toContain('sr-only');
    expect(input.tabIndex).not.toBe(-1);
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    expect(screen.getByText('Choose another picture').tagName).toBe('LABEL');
    expect(screen.getByRole('button', { name: 'Remove cover' })).toBeTruthy();
  });

  it('without a cover: the generated picture, Choose a picture and no Remove', () => {
    setup(7, { imageUrl: null, thumbnailUrl: null });
    expect(screen.queryByRole('img', { name: 'The current cover' })).toBeNull();
    expect(screen.getByText('LL').closest('svg')).toBeTruthy();
    expect(screen.getByText('Choose a picture')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove cover' })).toBeNull();
  });

  it('refuses a file that is not a picture, in words, and changes nothing', async () => {
    setup(7);
    await choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Pictures must be PNG, JPEG or WebP images');
    expect(preview()).toBeNull();
    expect(screen.getByRole('img', { name: 'The current cover' })).toBeTruthy();
    expect(uploadCover).not.toHaveBeenCalled();
  });

  it('previews the chosen picture cropped to 16:10, uploads it on request with its progress, then says it is saved', async () => {
    let progress: UploadProgress = () => {};
    let finish: (pictures: typeof NEW) => void = () => {};
    vi.mocked(uploadCover).mockImplementation((_id, _cover, _thumbnail, onProgress) => {
      progress = onProgress!;
      return new Promise((resolve) => (finish = resolve));
    });
    setup(7);
    await choose(png());
    const shown = preview()!;
    // The copy made to upload (cropped to 16:10), as a data: address the page's policy allows.
    expect(shown.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    expect(shown.className).toContain('object-cover');
    expect(shown.parentElement!.className).toContain('aspect-[16/10]');
    // Nothing is sent before the creator asks; Remove gives way to Cancel meanwhile.
    expect(uploadCover).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Remove cover' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload cover' }));
    expect(vi.mocked(uploadCover).mock.calls[0]![0]).toBe(7);
    act(() => progress(0.4));
    expect(screen.getByRole('status').textContent).toBe('Uploading…');
    expect(screen.getByText('40%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Uploading the cover' }) as HTMLProgressElement;
    expect(bar.value).toBeCloseTo(0.4);
    expect((screen.getByRole('button', { name: 'Upload cover' }) as HTMLButtonElement).disabled).toBe(true);
    expect(picker().disabled).toBe(true);
    // Until the browser can tell how much has gone, the bar has no value (indeterminate).
    act(() => progress(null));
    expect(bar.hasAttribute('value')).toBe(false);

    await act(async () => finish(NEW));
    expect(saved).toEqual([NEW]);
    expect(screen.getByRole('status').textContent).toBe('Cover saved. It shows on the agent’s page and cards.');
    expect(screen.getByRole('img', { name: 'The current cover' }).getAttribute('src')).toBe(NEW.imageUrl);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says why an upload failed and keeps the chosen picture to try again', async () => {
    vi.mocked(uploadCover).mockRejectedValue(new ApiError(400, 'Pictures must be at most 2 MB'));
    setup(7);
    await choose(png());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload cover' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Pictures must be at most 2 MB'));
    expect(preview()).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload cover' }) as HTMLButtonElement).disabled).toBe(false);
    expect(saved).toEqual([]);
  });

  it('Cancel drops the chosen picture; Remove goes back to the generated picture', async () => {
    vi.mocked(removeCover).mockResolvedValue({ imageUrl: null, thumbnailUrl: null });
    setup(7);
    await choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(preview()).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove cover' })));
    expect(removeCover).toHaveBeenCalledWith(7);
    expect(saved).toEqual([{ imageUrl: null, thumbnailUrl: null }]);
    expect(screen.getByRole('status').textContent).toBe('Cover removed. A generated picture shows instead.');
    expect(screen.queryByRole('button', { name: 'Remove cover' })).toBeNull();
  });
});

describe('the cover picker of a new agent', () => {
  it('holds the chosen picture for the submit to upload, and lets it go', async () => {
    setup(null, { imageUrl: null, thumbnailUrl: null });
    expect(screen.getByText(/It is uploaded when you list the agent/)).toBeTruthy();
    await choose(png());
    expect(preview()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload cover' })).toBeNull();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ cover: expect.any(Blob), thumbnail: expect.any(Blob) });
    fireEvent.click(screen.getByRole('button', { name: 'Don’t use it' }));
    expect(held.at(-1)).toBeNull();
    expect(preview()).toBeNull();
    expect(uploadCover).not.toHaveBeenCalled();
  });
});
