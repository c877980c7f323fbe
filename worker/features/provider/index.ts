// The provider feature's public file: what other features may use of it (docs/decisions/0034).
// Anything not exported here is the feature's own.
export { fetchListing, providerConfig } from './client';
export type { ProviderConfig } from './client';
export { mapProviderAgent } from './map';
export { externalLoginSchema, providerOnly, providerSignIn } from './sign-in';
export { providerBalance, tryAtProvider } from './usage';
