export { myAgentsKeys } from '#app/lib/query-keys.ts';
