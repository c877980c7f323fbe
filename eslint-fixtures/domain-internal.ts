// Linted as worker/features/admin/domain-internal.ts: a domain module's internal file (refused) and its public file (allowed).
import { refundTry } from '#worker/domain/credits/ledger.ts';
import { getBalance } from '#worker/domain/credits/index.ts';

export const both = [refundTry, getBalance];
