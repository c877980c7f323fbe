export { creditKeys } from '#app/lib/query-keys.ts';
