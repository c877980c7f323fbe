export { ratingKeys } from '#app/lib/query-keys.ts';
