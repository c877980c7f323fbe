// A page's HTML as the server renders it, with every script taken out: the script-free copy each
// page's main-thread work is compared with (docs/decisions/0031). Shared by the full bench and
// `npm run bench -- work-pairs`.
export const withoutScripts = (html) =>
  html
    .replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<meta name="page-modules"[^>]*>/g, '');
