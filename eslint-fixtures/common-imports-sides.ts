// Linted as common/common-imports-sides.ts: common importing either side, even a type.
import type { AppType } from '#worker/app.ts';
import { formatRating } from '../app/lib/format.ts';

export type Client = AppType;
export const format = formatRating;
