export { userKeys } from '#app/lib/query-keys.ts';
