export { ratingKeys } from '../../../lib/query-keys';
