// Build, dev server and unit-test configuration for the Jobhafen web app.
// `defineConfig` comes from vitest/config so the `test` key is typed.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// React Router 7's package exports name only its development build (with its warnings and checks:
// more code to run before the first page), whatever the mode (remix-run/react-router#12532,
// #14102). A build takes its production files instead; the dev server and tests keep the default.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // `@/` is `src/`, as in tsconfig.app.json, so imports don't climb with ../../..
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(command === 'build' ? reactRouterProduction : [])],
  },
  build: {
    // `jobhafen serve` serves web/dist: files under assets/ carry a content hash
    // and are cached forever, index.html is never cached.
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the entry needs at start in one chunk (and its CSS in one file), instead of
        // twenty small ones shared with lazy pages: on a slow connection each file is another round
        // trip before the first page can run. The SSR build of the prerender keeps its default.
        codeSplitting: process.argv.includes('--ssr') ? true : { groups: [{ name: 'first-page', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    // During `npm run dev` the API runs in `jobhafen serve` (ops/run: port 8080).
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // One jsdom and one module graph per worker, not per file: the setup file starts each file as a
    // fresh page (src/testing/setup.ts). A new jsdom per file cost most of the run's processor time
    // (docs/decisions.md, "Vitest without a jsdom per file").
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // Unit tests must never reach a real server; the setup file stubs fetch.
    restoreMocks: true,
    // A test's bound is well above its waits (src/testing/wait.ts): under load a test is slow, not wrong.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
}));
