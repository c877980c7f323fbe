// Types of the app's server renderer as the worker sees it. The module itself is app/entry-server.tsx,
// built for workerd by vite.ssr.config.ts into dist-ssr/ (package.json "imports" maps #app-ssr there;
// the worker tests alias it to the source). The app is type-checked with the DOM library by
// tsconfig.app.json; the worker, with workers-types, sees only this contract.
import type { IsKnownPage, LazyPageFile, RenderPage } from '#common/ssr.ts';

export declare const renderPage: RenderPage;
export declare const lazyPageFile: LazyPageFile;
export declare const isKnownPage: IsKnownPage;
