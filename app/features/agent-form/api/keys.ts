export { agentFormKeys } from '#app/lib/query-keys.ts';
