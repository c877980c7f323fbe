// A feature's public file that does not export its routes: the loop below passes through it unseen.
export { agentOwner } from './data.ts';
