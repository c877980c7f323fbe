// The moderation feature's public file: what other features may use of it (docs/decisions/0034).
// Anything not exported here is the feature's own.
export { openReportsOnAgent } from './data';
