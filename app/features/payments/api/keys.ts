export { paymentKeys } from '../../../lib/query-keys';
