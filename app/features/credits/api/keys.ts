export { creditKeys } from '../../../lib/query-keys';
