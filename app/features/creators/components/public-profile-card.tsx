import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import * as v from 'valibot';
import {
  AVATAR_SIZE,
  BIO_MAX,
  creatorName,
  creatorPath,
  publicProfileSchema,
  type PublicProfile,
} from '#common/creators.ts';
import { fieldErrors } from '#common/validation.ts';
import type { SessionUser } from '#common/types.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TextAreaField, TextField } from '#app/components/ui/form-field.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { creatorKeys, userKeys } from '#app/lib/query-keys.ts';
import { usePublicProfile } from '#app/features/creators/api/get-public-profile.ts';
import { useUpdatePublicProfile } from '#app/features/creators/api/update-public-profile.ts';
import { removeProfilePicture, uploadProfilePicture } from '#app/features/creators/api/upload-picture.ts';
import { scaleTo } from '#app/features/creators/lib/scale-image.ts';
import { CreatorAvatar } from './creator-avatar';
import { PicturePicker } from './picture-picker';

/**
 * /profile's 'Your public page' (docs/decisions/0028): picture, display name, bio and website, as
 * shown on /creators/{username}. `onPicture` lets the page update the session's picture.
 */
export function PublicProfileCard({
  user,
  onPicture,
}: {
  user: Pick<SessionUser, 'id' | 'username'>;
  onPicture: (picture: string | null) => void;
}) {
  const profile = usePublicProfile(user.id);
  return (
    <section
      aria-labelledby="public-profile-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="public-profile-heading" className="text-2xl font-bold">
          Your public page
        </h2>
        <Link
          href={creatorPath(user.username)}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          View your creator page <ExternalLink aria-hidden className="size-4" />
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Anyone can see this, with the agents you list. Your email is never shown.
      </p>
      {profile.data ? (
        <PublicProfileForm key={profile.data.id} profile={profile.data} onPicture={onPicture} />
      ) : profile.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(profile.error, 'Your public profile could not be loaded.')}
        </p>
      ) : (
        <div role="status" aria-label="Loading your public profile" className="mt-6 grid gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-32" />
        </div>
      )}
    </section>
  );
}

function PublicProfileForm({
  profile,
  onPicture,
}: {
  profile: PublicProfile;
  onPicture: (picture: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const { values, bind } = useFormValues(
    { displayName: profile.displayName ?? '', bio: profile.bio ?? '', website: profile.website ?? '' },
    'public',
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useUpdatePublicProfile(profile.id);
  const parsed = v.safeParse(publicProfileSchema, values);
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};

  const pictureChanged = (picture: string | null) => {
    queryClient.setQueryData<PublicProfile>(userKeys.detail(profile.id), (old) =>
      old ? { ...old, profilePicture: picture } : old,
    );
    void queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    onPicture(picture);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!parsed.success) return;
    mutation.mutate(parsed.output, {
      onSuccess: (saved) => {
        queryClient.setQueryData(userKeys.detail(profile.id), saved);
        toast({ title: 'Public page updated', description: 'Your name, bio and website are saved.' });
      },
      onError: (error) => setServerError(errorMessage(error, 'Your public page could not be saved. Please try again.')),
    });
  };

  return (
    <div className="mt-6 grid gap-8 md:grid-cols-[12rem_minmax(0,1fr)]">
      <div className="grid content-start justify-items-start gap-3">
        <CreatorAvatar
          id={profile.id}
          name={creatorName(profile)}
          picture={profile.profilePicture}
          className="size-24"
        />
        <PicturePicker
          label="Profile picture"
          hint="PNG, JPEG or WebP up to 2 MB; cropped to a square."
          hasPicture={Boolean(profile.profilePicture)}
          uploadedMessage="Profile picture updated"
          upload={async (file) =>
            pictureChanged((await uploadProfilePicture(await scaleTo(file, AVATAR_SIZE, AVATAR_SIZE))).profilePicture)
          }
          remove={async () => pictureChanged((await removeProfilePicture()).profilePicture)}
        />
      </div>
      <AppForm onSubmit={onSubmit} className="grid content-start gap-4">
        {serverError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {serverError}
          </p>
        )}
        <TextField
          label="Display name"
          optional
          error={errors.displayName}
          hint={`Shown instead of ${profile.username}.`}
          autoComplete="name"
          {...bind('displayName')}
        />
        <TextAreaField
          label="Bio"
          optional
          error={errors.bio}
          hint={`${values.bio.length} / ${BIO_MAX} characters`}
          rows={4}
          {...bind('bio')}
        />
        <TextField
          label="Website"
          optional
          error={errors.website}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          {...bind('website')}
          name="url"
        />
        <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save public page'}
        </Button>
      </AppForm>
    </div>
  );
}
