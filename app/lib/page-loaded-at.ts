/** When this document loaded: data older than this came from the device, not from this visit. */
export const PAGE_LOADED_AT = Date.now();
