// Messages of the Idempotency-Key contract (docs/decisions/0002), shared by the worker that sends them and the
// app that decides from them whether to send the same request again.

/** 409 with Retry-After: another request with this key is still running; ask again shortly. */
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed';

/** 404 from GET /api/agents/{id}/try/{key}: the try never happened, and now never will. */
export const TRY_NOT_CHARGED = 'This try did not go through: nothing was charged';
