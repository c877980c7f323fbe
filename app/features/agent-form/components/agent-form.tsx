import { useState, type FormEvent } from 'react';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import * as v from 'valibot';
import { DESCRIPTION_MAX, MAX_CREDIT_COST, MIN_CREDIT_COST } from '#common/constants.ts';
import type { Category, Department } from '#common/types.ts';
import { agentSchema, fieldErrors, type AgentData } from '#common/validation.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { FormField, Options, Select, TextArea, TextInput } from '#app/components/ui/form-field.tsx';
import { formValuesToInput, type AgentFormValues } from '#app/features/agent-form/lib/form-values.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';

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
  const { values, set } = useFormValues(initial);
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
      <FormField id="agent-name" label="Name" error={errors.name}>
        {(c) => (
          <TextInput
            {...c}
            name="name"
            value={values.name}
            onChange={set('name')}
            invalid={Boolean(errors.name)}
            placeholder="e.g. Invoice Chaser"
          />
        )}
      </FormField>
      <FormField
        id="agent-description"
        label="Description"
        error={errors.description}
        hint={`Shown on cards: ${values.description.trim().length}/${DESCRIPTION_MAX} characters.`}
      >
        {(c) => (
          <TextArea
            {...c}
            name="description"
            rows={3}
            value={values.description}
            onChange={set('description')}
            invalid={Boolean(errors.description)}
          />
        )}
      </FormField>
      <FormField
        id="agent-long-description"
        label="Long description"
        optional
        error={errors.longDescription}
        hint="Shown on the agent's Description tab."
      >
        {(c) => (
          <TextArea
            {...c}
            name="longDescription"
            rows={6}
            value={values.longDescription}
            onChange={set('longDescription')}
            invalid={Boolean(errors.longDescription)}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="agent-category" label="Category" error={errors.categoryId}>
          {(c) => (
            <Select
              {...c}
              name="categoryId"
              value={values.categoryId}
              onChange={set('categoryId')}
              invalid={Boolean(errors.categoryId)}
            >
              <option value="">Select a category</option>
              <Options options={categories.map((cat) => ({ value: cat.id, label: cat.name }))} />
            </Select>
          )}
        </FormField>
        <FormField id="agent-department" label="Department" optional error={errors.departmentId}>
          {(c) => (
            <Select
              {...c}
              name="departmentId"
              value={values.departmentId}
              onChange={set('departmentId')}
              invalid={Boolean(errors.departmentId)}
            >
              <option value="0">No department</option>
              <Options options={departments.map((d) => ({ value: d.id, label: d.name }))} />
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        id="agent-credit-cost"
        label="Credit cost per try"
        error={errors.creditCost}
        hint={`From ${MIN_CREDIT_COST} to ${MAX_CREDIT_COST} credits (1 credit = $1). You can try your own agent for free.`}
      >
        {(c) => (
          <TextInput
            {...c}
            name="creditCost"
            type="number"
            inputMode="numeric"
            min={MIN_CREDIT_COST}
            max={MAX_CREDIT_COST}
            step={1}
            className="max-w-40"
            value={values.creditCost}
            onChange={set('creditCost')}
            invalid={Boolean(errors.creditCost)}
          />
        )}
      </FormField>
      <FormField id="agent-features" label="Features" optional error={errors.features} hint="One feature per line.">
        {(c) => (
          <TextArea
            {...c}
            name="features"
            rows={5}
            value={values.features}
            onChange={set('features')}
            invalid={Boolean(errors.features)}
          />
        )}
      </FormField>
      <FormField
        id="agent-video-url"
        label="Video URL"
        optional
        error={errors.videoUrl}
        hint="A demo video, e.g. on YouTube or Vimeo."
      >
        {(c) => (
          <TextInput
            {...c}
            name="videoUrl"
            type="url"
            inputMode="url"
            value={values.videoUrl}
            onChange={set('videoUrl')}
            invalid={Boolean(errors.videoUrl)}
            placeholder="https://"
          />
        )}
      </FormField>
      <FormField id="agent-image-url" label="Image URL" optional error={errors.imageUrl}>
        {(c) => (
          <TextInput
            {...c}
            name="imageUrl"
            type="url"
            inputMode="url"
            value={values.imageUrl}
            onChange={set('imageUrl')}
            invalid={Boolean(errors.imageUrl)}
            placeholder="https://"
          />
        )}
      </FormField>
      <FormField
        id="agent-external-url"
        label="External URL"
        optional
        error={errors.externalUrl}
        hint="Where Try Agent sends people: your agent's own app or page."
      >
        {(c) => (
          <TextInput
            {...c}
            name="externalUrl"
            type="url"
            inputMode="url"
            value={values.externalUrl}
            onChange={set('externalUrl')}
            invalid={Boolean(errors.externalUrl)}
            placeholder="https://"
          />
        )}
      </FormField>
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
