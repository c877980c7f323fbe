import { useMutation } from '@tanstack/react-query';
import type { Proposal } from '../../../../common/types';
import type { ProposalInput } from '../../../../common/validation';
import { api, unwrap } from '../../../lib/api-client';
import { proposalKeys } from './keys';

/** Stable key of this mutation: a proposal queued offline is resumed by it after a reload. */
export const proposalMutationKey = proposalKeys.create();

/**
 * The mutation's variables carry their own Idempotency-Key, so a proposal queued offline and sent
 * again after a reload is stored once.
 */
export interface CreateProposalVariables {
  proposal: Partial<ProposalInput> & Pick<ProposalInput, 'name' | 'description'>;
  idempotencyKey: string;
  /** Made while offline: delivery is announced by the mutation defaults (app/lib/mutation-defaults). */
  queued?: boolean;
}

export { newIdempotencyKey } from '../../../lib/idempotency';

export async function createProposal({ proposal, idempotencyKey }: CreateProposalVariables): Promise<Proposal> {
  const res = await api['propose-agent'].$post({ json: proposal }, { headers: { 'Idempotency-Key': idempotencyKey } });
  return unwrap<Proposal>(res);
}

export const useCreateProposal = () => useMutation({ mutationKey: proposalMutationKey, mutationFn: createProposal });
