// Types of scripts/lib/rollups.mjs, for the worker test that checks its SQL against the hourly job.
export const RANK_SCORES_SQL: string;
export const TRIES_TOTAL_SQL: string;
export const OPERATOR_DAYS_SQL: string;
