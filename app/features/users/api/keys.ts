export { userKeys } from '../../../lib/query-keys';
