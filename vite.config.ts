// Build, dev server and unit-test configuration for the client, the parsers and the server.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { i18nSections } from './src/i18n/sections.js';
import { routePreload, routeViewDependencies } from './src/app/routePreload.js';
import { firstRowsPath } from './src/app/firstRowsPath.js';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3456);
const firstRows = firstRowsPath();

/**
 * Code the signed-in screens share: the client's own and its libraries, except the signed-out screens' modules and
 * sonner (54 KB, the toasts), which is loaded with the first toast (in a shared chunk every first row waited for it).
 */
const signedInShared = (id: string) =>
  /[\\/](src|commands|parsers|node_modules)[\\/]/.test(id) && !/[\\/](views[\\/]auth|state[\\/]linkShare|actions[\\/]session|app[\\/]apiErrors)[\\/.]|[\\/]node_modules[\\/]sonner[\\/]/.test(id);

export default defineConfig({
  plugins: [
    i18nSections(),
    routePreload(),
    firstRows.plugin,
    react(),
    // Installable app: the worker precaches the built shell; API and CalDAV traffic always goes to the network.
    VitePWA({
      registerType: 'prompt',
      // The app registers the worker itself, after first paint (src/app/pwa.ts).
      injectRegister: false,
      // No worker in `npm run dev`: it would serve stale modules over Vite's HMR.
      devOptions: { enabled: false },
      includeAssets: ['favicon.svg', 'icon.svg'],
      manifest: {
        name: 'Keyflow',
        short_name: 'Keyflow',
        description: 'Keyflow: a keyboard-first task manager',
        theme_color: '#1973ff',
        background_color: '#f6f7f9',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        // Server-owned paths must reach the server: the API, CalDAV and its well-known redirects.
        navigateFallbackDenylist: [/^\/api\//, /^\/dav\//, /^\/\.well-known\//],
        // No runtimeCaching on purpose: API responses are never cached.
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // Brotli and gzip copies next to each built file; the server sends them to browsers that accept them.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist/client',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the app supports has modulepreload; the polyfill only cost first-page bytes.
    // Route views' scripts are preloaded from index.html's route table instead (see routeViewDependencies).
    modulePreload: { polyfill: false, resolveDependencies: routeViewDependencies() },
    rolldownOptions: {
      // The build's own timing report is noise in every log (it names the PWA plugin's precache step each time).
      checks: { pluginTimings: false },
      output: {
        // The first page in a few files (vendor, core, its stylesheet, the screen's chunk) instead of a dozen: each
        // request costs Chromium far more than its bytes, and chunks of a few hundred bytes compress badly. "core" is
        // the entry and everything it imports statically (groups take their modules' dependencies along), so only
        // code the first page runs anyway is in it; lazily loaded chunks import what they share with it from there.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai)[\\/]/, priority: 20 },
            // Button is named as well: the fields group below also uses it, which would otherwise give it a file of its own.
            { name: 'core', test: /[\\/]src[\\/](main|components[\\/]Button)\.tsx$/, priority: 10 },
            // The sign-in screens' fields: one request instead of three.
            { name: 'fields', test: /[\\/]src[\\/](components[\\/](TextField|PasswordField)|views[\\/]auth[\\/]useFieldCheck)\.tsx?$/, priority: 5 },
            // What the signed-in screens share, in two files: a list view needed about 45 files of a few hundred bytes
            // to a few KB each, and a browser asks at most six at a time of one host, so the first rows waited for
            // rounds of requests rather than for bytes. "app" is what a list view's first rows run (src/app/firstRowsPath.ts),
            // "shared" the rest (drag and drop, menus, pickers, the commands' code): one file held 368 KB that the
            // first rows had to download and evaluate, a third of it dnd-kit alone.
            { name: 'app', test: (id: string) => signedInShared(id) && firstRows.has(id), minShareCount: 2, priority: 2 },
            // The table of the signed-in views goes with it: the first page does not carry it, and every signed-in
            // screen needs both before its view, so one request brings the two.
            { name: 'app', test: /[\\/]src[\\/]app[\\/]appRouteViews\.ts$/, priority: 3 },
            { name: 'shared', test: signedInShared, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  test: {
    // Two shared cores in CI: generous per-test time, cheap bcrypt (cost 4) so hashing doesn't dominate.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { KEYFLOW_BCRYPT_COST: '4' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/parsers/**/*.test.ts', 'tests/server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.{ts,tsx}', 'tests/commands/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/app/setup.ts'],
        },
      },
    ],
  },
});
