import { useState, type ComponentProps, type FormEvent } from 'react';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import * as v from 'valibot';
import { DESCRIPTION_MAX, MAX_CREDIT_COST, MIN_CREDIT_COST } from '#common/constants.ts';
import type { Category, Department } from '#common/types.ts';
import { agentSchema, fieldErrors, type AgentData } from '#common/validation.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { Options, SelectField, TextAreaField, TextField } from '#app/components/ui/form-field.tsx';
import { formValuesToInput, type AgentFormValues } from '#app/features/agent-form/lib/form-values.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';

/** The form's optional links: a URL keyboard and a placeholder that shows the scheme. */
function UrlField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'placeholder' | 'optional'>) {
  return <TextField optional type="url" inputMode="url" placeholder="https://" {...props} />;
}

/**
 * Create or edit an agent, validated with the shared creation schema (docs/product.md#validation) so the
 * messages match the server's word for word.
 */
export function AgentForm({
  initial,
  categories,
  departments,
  pending,
  submitLabel,
  pendingLabel,
  cancelHref,
  onSubmit,
}: {
  initial: AgentFormValues;
  categories: Category[];
  departments: Department[];
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelHref: string;
  onSubmit: (data: AgentData) => void;
}) {
  const { values, bind } = useFormValues(initial, 'agent');
  const [submitted, setSubmitted] = useState(false);
  const parsed = v.safeParse(agentSchema, formValuesToInput(values));
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};

  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    // Refused: AppForm takes the focus to the first field that needs attention.
    if (!parsed.success) return;
    onSubmit(parsed.output);
  };

  return (
    <AppForm
      onSubmit={handleSubmit}
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
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
      <UrlField label="Image URL" error={errors.imageUrl} {...bind('imageUrl')} />
      <UrlField
        label="External URL"
        error={errors.externalUrl}
        hint="Where Try Agent sends people: your agent's own app or page."
        {...bind('externalUrl')}
      />
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
