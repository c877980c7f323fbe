import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementMonth } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { myAgentsKeys } from '#app/lib/query-keys.ts';

/** The months with rows in the signed-in creator's earnings ledger (GET /api/earnings/statements). */
export const getStatements = async (): Promise<StatementMonth[]> => unwrap(await api.earnings.statements.$get());

export const useStatements = () =>
  useQuery(queryOptions({ queryKey: myAgentsKeys.statements(), queryFn: getStatements, staleTime: 0 }));

/** Where a month's CSV downloads from: a plain link, so the browser saves it with the server's file name. */
export const statementUrl = (month: string) => `/api/earnings/statements/${month}`;
