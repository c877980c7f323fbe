import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { entryInOneFile } from './scripts/build/entry-in-one-file.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '8787'}`;
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Writes route-chunks.json: each lazily loaded page's chunk and the chunks it imports, so the worker
 * can tell the browser about them in the HTML of pages it renders (agent pages) instead of the
 * browser discovering them one level at a time.
 */
function routeChunks(): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[] }>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const closure = (file: string, seen: Set<string>): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const next of chunks.get(file)?.imports ?? []) closure(next, seen);
        return seen;
      };
      const routes: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        const match =
          item.type === 'chunk' && item.isDynamicEntry
            ? /[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(item.facadeModuleId ?? '')
            : null;
        if (match) routes[match[1]!] = [...closure(item.fileName, new Set())].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(routes) });
    },
  };
}

const STYLE_SHEET_PLACE = /<!-- app-style-sheet:[^>]*-->/;

/**
 * Moves the style sheet from the head to its place in the body, after the header bar index.html
 * draws with its own styles: the browser then paints that bar as soon as the page arrives, and only
 * what follows the sheet (the app) waits for it (docs/decisions/0009).
 */
function styleSheetAfterHeaderBar(): Plugin {
  return {
    name: 'style-sheet-after-header-bar',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets: string[] = [];
        const rest = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
          sheets.push(tag.trim());
          return '';
        });
        if (!STYLE_SHEET_PLACE.test(rest)) throw new Error('app/index.html has no <!-- app-style-sheet: --> place');
        return rest.replace(STYLE_SHEET_PLACE, sheets.join('\n    '));
      },
    },
  };
}

/**
 * Fetches the app's scripts at low priority. The first paint (the header bar, then the style sheet's
 * content) needs none of them, so on a slow phone network the style sheet and the pictures in view
 * get the bandwidth first; the scripts still start downloading at once and run as soon as they have
 * arrived. Lighthouse also stops counting a script that happened to arrive before the first paint as
 * blocking that paint (docs/decisions/0010).
 */
function scriptsAtLowPriority(): Plugin {
  return {
    name: 'scripts-at-low-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, '<$1$2 fetchpriority="low">'),
    },
  };
}

/**
 * The plain shell (signed-in pages, the installed app offline) has nothing to show without the app, so
 * it fetches the first-load chunk with the page. The links go inside the stand-in header bar's block,
 * which the worker removes from the pages it renders: those paint first and fetch it after
 * (docs/decisions/0017).
 */
function shellPreloadsApp(): Plugin {
  return {
    name: 'shell-preloads-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const main = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && /[\\/]app[\\/]main\.tsx$/.test(item.facadeModuleId ?? ''),
        );
        if (!main || main.type !== 'chunk') throw new Error('no chunk for app/main.tsx');
        // At low priority like the entry (decision 0010): the header bar and the style sheet first.
        // React's entry too, which app/boot.ts imports first (its own small chunk).
        const react = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && /[\\/]react-dom[\\/]client\.js$/.test(item.facadeModuleId ?? ''),
        );
        if (!react || react.type !== 'chunk') throw new Error('no chunk for react-dom/client');
        const files = new Set([react.fileName, ...react.imports, main.fileName, ...main.imports]);
        const links = [...files].map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`,
        );
        if (!html.includes('<!-- /app-shell-bar -->'))
          throw new Error('app/index.html has no <!-- /app-shell-bar --> block');
        return html.replace('<!-- /app-shell-bar -->', () => `${links.join('\n    ')}\n    <!-- /app-shell-bar -->`);
      },
    },
  };
}

export default defineConfig(() => ({
  root: 'app',
  publicDir: '../public',
  define: {
    // Busts the persisted query cache when a new version ships.
    __APP_VERSION__: JSON.stringify(version),
  },
  plugins: [
    routeChunks(),
    entryInOneFile(),
    styleSheetAfterHeaderBar(),
    scriptsAtLowPriority(),
    shellPreloadsApp(),
    react(),
    tailwindcss(),
    VitePWA({
      // The app asks before switching versions (never reloads by itself mid-form).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'AgentMarket: the marketplace for AI agents',
        short_name: 'AgentMarket',
        description: 'Discover, try and review AI agents. Browse saved agents offline and propose new ones anywhere.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own service worker (app/sw.ts): network-first navigations with the precached shell as the
      // offline fallback, and the outbox replayed on Background Sync (docs/decisions/0011).
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        // The shell and every route chunk are precached; agent images are cached as they are seen.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Large icons are fetched by the browser when installing; no need to precache them.
        globIgnores: ['agents/**', 'icons/*-512.png'],
      },
    }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // workbox-window is imported statically on purpose (app/components/pwa/update-prompt.tsx).
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('workbox-window')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the first render needs in one file (app/main.tsx and what it imports): fewer
            // round trips on a slow phone network. The entry (app/boot.ts) imports it after the first paint.
            { name: 'app', test: /[\\/]app[\\/]main\.tsx$/ },
            // React itself, a file of its own: the entry evaluates it in a task before the app's code,
            // so neither is one long task on a slow phone (docs/decisions/0018).
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // The entry (app/boot.ts) and what it imports, Vite's preload helpers included: a small file
            // of its own, even where the app imports the same modules, or the entry would load the app.
            {
              name: 'boot',
              test: /[\\/]app[\\/]boot\.ts$|vite[\\/](preload-helper|modulepreload-polyfill)/,
              priority: 1,
            },
          ],
          // Small pieces shared by a few pages (icons, helpers) travel inside each page rather than
          // each costing a request of its own.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The worker refuses foreign origins; in development the page's origin is Vite's.
        configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', apiTarget)),
      },
    },
  },
}));
