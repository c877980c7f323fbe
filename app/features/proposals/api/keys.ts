export { proposalKeys, type ProposalInboxParams } from '#app/lib/query-keys.ts';
