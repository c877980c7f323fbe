// The tokens feature's public file: what other features may use of it (docs/decisions/0034).
// Anything not exported here is the feature's own.
export { authenticateBearer, bearerOf, forwardAs, tokenInQuery, unauthorized } from './bearer';
export { noticeBudget } from './budget-notices';
export {
  findCredential,
  listCredentials,
  ownActiveCredentials,
  revokeCredential,
  setCredentialSpendLimit,
  type TokenHolder,
} from './data';
