import { useMutation } from '@tanstack/react-query';
import type { ReportItemType, ReportReason } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';

export interface ReportInput {
  itemType: ReportItemType;
  itemId: number;
  reason: ReportReason;
  details?: string;
}

/** POST /api/reports: one open report per person and item (409 for a second), throttled (429). */
export async function reportItem(input: ReportInput): Promise<{ id: number }> {
  return unwrap<{ id: number }>(await api.reports.$post({ json: input }));
}

export const useReportItem = () => useMutation({ mutationFn: reportItem, networkMode: 'always' });
