import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The app's server renderer for the worker (docs/decisions/0012): app/entry-server.tsx and everything
 * it imports, React's edge build included, in one ES module for workerd. The worker imports it as
 * `#app-ssr` (package.json "imports"); wrangler bundles it with the worker's own code.
 */
export default defineConfig({
  root: 'app',
  publicDir: false,
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  ssr: {
    noExternal: true,
    target: 'webworker',
    resolve: {
      conditions: ['workerd', 'worker', 'import', 'module', 'default'],
      externalConditions: ['workerd', 'worker'],
    },
  },
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../dist-ssr',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    rolldownOptions: {
      output: { entryFileNames: 'entry-server.js', codeSplitting: false },
    },
  },
});
