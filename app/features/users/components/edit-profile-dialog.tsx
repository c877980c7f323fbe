import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { SessionUser } from '#common/types.ts';
import { fieldErrors, profileSchema } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#app/components/ui/dialog.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { useUpdateUser } from '#app/features/users/api/update-user.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

type Profile = Pick<SessionUser, 'id' | 'username' | 'email'>;

function EditProfileForm({
  user,
  onUpdated,
  onDone,
}: {
  user: Profile;
  onUpdated: (u: Pick<SessionUser, 'username' | 'email'>) => void;
  onDone: () => void;
}) {
  const { values, bind } = useFormValues(
    { username: user.username, email: user.email, currentPassword: '' },
    'profile',
  );
  // docs/product.md#accounts: a new address needs the current password, and counts once confirmed by mail.
  const changesEmail = values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useSingleFlight(useUpdateUser(onUpdated));
  const parsed = v.safeParse(profileSchema, values);
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!parsed.success) return;
    mutation.mutate(
      {
        id: user.id,
        profile: {
          username: parsed.output.username,
          email: parsed.output.email,
          ...(changesEmail ? { currentPassword: values.currentPassword } : {}),
        },
      },
      {
        onSuccess: () => {
          toast(
            changesEmail
              ? {
                  title: 'Profile updated',
                  description: `Open the link we emailed to ${parsed.output.email} to start using it.`,
                }
              : { title: 'Profile updated', description: 'Your username and email have been saved.' },
          );
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to update profile');
          setServerError(message);
          toast({ title: 'Failed to update profile', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <AppForm onSubmit={onSubmit} className="grid gap-4">
      {serverError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {serverError}
        </p>
      )}
      <TextField label="Username" error={errors.username} autoComplete="username" {...bind('username')} />
      <TextField label="Email" error={errors.email} type="email" autoComplete="email" {...bind('email')} />
      {changesEmail && (
        <>
          <p className="-mb-2 text-sm text-slate-600">
            A new address needs your current password and counts once you open the link we send to it.
          </p>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...bind('currentPassword')}
          />
        </>
      )}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </AppForm>
  );
}

/** The Edit Profile dialog (docs/product.md#states): closes on a successful save. */
export function EditProfileDialog({
  user,
  onUpdated,
}: {
  user: Profile;
  onUpdated: (u: Pick<SessionUser, 'username' | 'email'>) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Pencil aria-hidden className="size-4" /> Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit Profile" description="Change the username and email of your account.">
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open && <EditProfileForm user={user} onUpdated={onUpdated} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
