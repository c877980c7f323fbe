import { useMutation } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { reportSchema } from '#common/validation.ts';
import { api, unwrap } from '#app/lib/api-client.ts';

/** A report's body, as the route's validator passes it on (the typed client takes the same). */
export type ReportInput = v.InferOutput<typeof reportSchema>;

/** POST /api/reports: one open report per person and item (409 for a second), throttled (429). */
export async function reportItem(input: ReportInput): Promise<{ id: number }> {
  return unwrap(await api.reports.$post({ json: input }));
}

export const useReportItem = () => useMutation({ mutationFn: reportItem, networkMode: 'always' });
