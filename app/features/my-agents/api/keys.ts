export { myAgentsKeys } from '../../../lib/query-keys';
