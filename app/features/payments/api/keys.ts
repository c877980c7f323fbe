export { paymentKeys } from '#app/lib/query-keys.ts';
