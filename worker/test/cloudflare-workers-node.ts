// `cloudflare:workers` for the worker's Node tests (*.node.test.ts, vitest.app.config.ts), which import
// the whole app to read its route table: the OAuth provider (docs/decisions/0042) extends
// WorkerEntrypoint at load, and Node has no such module. Nothing here runs a request.
export class WorkerEntrypoint {}
export const env = {};
