/** Text for HTML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** JSON inside a <script> must not be able to close it. */
export const safeJson = (value: unknown): string => safeJsonText(JSON.stringify(value));

/** Already-serialised JSON made safe inside a <script>. */
export const safeJsonText = (json: string): string =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
