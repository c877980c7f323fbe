import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import * as v from 'valibot';
import { DESCRIPTION_MAX, MAX_CREDIT_COST, MIN_CREDIT_COST, WHATS_NEW_MAX } from '#common/constants.ts';
import type { Agent, Category, Department } from '#common/types.ts';
import { agentSchema, fieldErrors, MESSAGES, type AgentData } from '#common/validation.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { Options, SelectField, TextAreaField, TextField } from '#app/components/ui/form-field.tsx';
import { formValuesToInput, type AgentFormValues } from '#app/features/agent-form/lib/form-values.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';

/** The agent's cover and the cards' small copy, as the server holds them. */
type CoverPictures = Pick<Agent, 'imageUrl' | 'thumbnailUrl'>;

/** What the form gives its cover picker: the cover as saved, and how to hear of a new one. */
interface CoverSlot {
  /** The name as typed, for the generated picture shown when there is no cover. */
  name: string;
  current: CoverPictures;
  onSaved: (pictures: CoverPictures) => void;
}

/** The form's optional links: a URL keyboard and a placeholder that shows the scheme. */
function UrlField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'placeholder' | 'optional'>) {
  return <TextField optional type="url" inputMode="url" placeholder="https://" {...props} />;
}

/**
 * Create or edit an agent, validated with the shared creation schema (docs/product.md#validation) so the
 * messages match the server's word for word. It holds the cover (docs/decisions/0043), drawn by
 * `cover` (the page's picker), which uploads and removes it itself: the form never sends it. Only an edit
 * (`agent`) may carry a 'What's new' note, cleared once it is saved: `onSubmit` answers whether the
 * save succeeded.
 */
export function AgentForm({
  agent,
  cover,
  initial,
  categories,
  departments,
  pending,
  submitLabel,
  pendingLabel,
  cancelHref,
  onSubmit,
}: {
  /** The agent being edited; none for a new one. */
  agent?: Agent;
  cover: (slot: CoverSlot) => ReactNode;
  initial: AgentFormValues;
  categories: Category[];
  departments: Department[];
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelHref: string;
  onSubmit: (data: AgentData) => Promise<boolean>;
}) {
  const { values, setValues, bind } = useFormValues(initial, 'agent');
  const [submitted, setSubmitted] = useState(false);
  const [pictures, setPictures] = useState<CoverPictures>({
    imageUrl: agent?.imageUrl ?? null,
    thumbnailUrl: agent?.thumbnailUrl ?? null,
  });
  const parsed = v.safeParse(agentSchema, formValuesToInput(values));
  const whatsNewLength = values.whatsNew.trim().length;
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};
  // Too long is said as it is typed: the count alone is easy to miss.
  const whatsNewError = errors.whatsNew ?? (whatsNewLength > WHATS_NEW_MAX ? MESSAGES.whatsNewMax : undefined);

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    // Refused: AppForm takes the focus to the first field that needs attention.
    if (!parsed.success) return;
    if (await onSubmit(parsed.output)) setValues((s) => ({ ...s, whatsNew: '' }));
  };

  return (
    <AppForm
      onSubmit={(e) => void handleSubmit(e)}
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {cover({
        name: values.name,
        current: pictures,
        // The edit's own save leaves the cover out, so the server keeps the one saved here.
        onSaved: setPictures,
      })}
      <TextField label="Name" error={errors.name} placeholder="e.g. Invoice Chaser" {...bind('name')} />
      <TextAreaField
        label="Description"
        error={errors.description}
        hint={`Shown on cards: ${values.description.trim().length}/${DESCRIPTION_MAX} characters.`}
        rows={3}
        {...bind('description')}
      />
      <TextAreaField
        label="Long description"
        optional
        error={errors.longDescription}
        hint="Shown on the agent's Description tab."
        rows={6}
        {...bind('longDescription')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Category" error={errors.categoryId} {...bind('categoryId')} id="agent-category">
          <option value="">Select a category</option>
          <Options options={categories.map((cat) => ({ value: cat.id, label: cat.name }))} />
        </SelectField>
        <SelectField
          label="Department"
          optional
          error={errors.departmentId}
          {...bind('departmentId')}
          id="agent-department"
        >
          <option value="0">No department</option>
          <Options options={departments.map((d) => ({ value: d.id, label: d.name }))} />
        </SelectField>
      </div>
      <TextField
        label="Credit cost per try"
        error={errors.creditCost}
        hint={`From ${MIN_CREDIT_COST} to ${MAX_CREDIT_COST} credits (1 credit = $1). You can try your own agent for free.`}
        type="number"
        inputMode="numeric"
        min={MIN_CREDIT_COST}
        max={MAX_CREDIT_COST}
        step={1}
        className="max-w-40"
        {...bind('creditCost')}
      />
      <TextAreaField
        label="Features"
        optional
        error={errors.features}
        hint="One feature per line."
        rows={5}
        {...bind('features')}
      />
      <UrlField
        label="Video URL"
        error={errors.videoUrl}
        hint="A demo video, e.g. on YouTube or Vimeo."
        {...bind('videoUrl')}
      />
      <UrlField
        label="External URL"
        error={errors.externalUrl}
        hint="Where Try Agent sends people: your agent's own app or page."
        {...bind('externalUrl')}
      />
      {agent && (
        <TextAreaField
          label="What's new"
          optional
          error={whatsNewError}
          hint={`What changed in this edit, in a sentence or two. It is shown on the agent page and to people who saved the agent. ${whatsNewLength}/${WHATS_NEW_MAX} characters.`}
          rows={3}
          {...bind('whatsNew')}
        />
      )}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <ButtonLink href={cancelHref} variant="secondary" size="lg">
          Cancel
        </ButtonLink>
      </div>
    </AppForm>
  );
}
