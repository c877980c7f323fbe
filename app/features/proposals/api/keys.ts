export { proposalKeys, type ProposalInboxParams } from '../../../lib/query-keys';
