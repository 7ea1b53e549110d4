import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { hydrateScriptPlugin } from './build/hydrateScript';
import { preloadsPlugin, ROUTE_PAGE_MODULES } from './build/preloads';
import { pwaPlugin } from './build/pwa';

// In development the API runs beside Vite (npm run dev at the root); FHP_API_URL points elsewhere if needed.
const apiTarget = process.env.FHP_API_URL ?? 'http://localhost:3000';
const proxied = ['/graphql', '/iam', '/api', '/healthz'];

// Two builds (`npm run build`): the browser's into dist, then the server's prerender
// (src/entry-server.tsx, `--ssr`) into dist-ssr, which the server loads beside dist.
export default defineConfig(({ isSsrBuild }) => ({
  // `npm start`'s first build (scripts/start.mjs) says only what went wrong, not every file it wrote.
  logLevel: process.env.FHP_QUIET_BUILD ? 'warn' : 'info',
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          // No font preloads: Inter is asked for once the page has been painted (styles/_fonts.scss).
          preloadsPlugin({ routes: ROUTE_PAGE_MODULES }),
          hydrateScriptPlugin(fileURLToPath(new URL('./src/hydrate.js', import.meta.url))),
          // Every asset also as .br and .gz, at the highest levels (once, at build): the server
          // sends the one the browser accepts (apps/server/src/http/web-app.ts).
          compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.map$/, logLevel: 'silent' }),
          // The manifest and the service worker (decision 115).
          pwaPlugin(),
        ]),
  ],
  // The prerender bundles everything (the domain is TypeScript source, several libraries ship
  // CommonJS that Node's ESM loader would hand over as a namespace object) but React itself, which
  // must be the one instance react-dom/server renders with.
  ssr: { noExternal: true, external: ['react', 'react-dom'] },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3's SCSS still uses @import and global functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    // The prerender needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources place /* @__PURE__ */ where Rollup cannot use it: not ours to fix, nothing is lost.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        // The product pages carry NotFound in their own chunk (an unknown product id), which the
        // router also loads beside other pages: one copy, where the preloads expect it (build/preloads.ts).
        if (warning.plugin === 'vite:reporter' && /NotFoundPage\.tsx is dynamically imported/.test(warning.message)) return;
        warn(warning);
      },
      output: {
        // Chunks of a few hundred bytes (a hook, a small component shared by two pages) cost a
        // request and a compression frame each: Rollup folds those under 4 KB into a chunk that
        // loads with them anyway, where it can do so without changing what a page loads. (4 KB measured best for the landing: bench:web.)
        experimentalMinChunkSize: 4096,
        // React and the router change far less often than the app: their own chunk stays in the
        // browser's cache (assets are served immutable) across our deployments.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/.test(id)) return 'react';
          // The storm back-test's numbers (loaded by the options step on demand): named, so the
          // small-chunk folding above never merges a shared chunk of the first load into it.
          if (/[\\/]storms[\\/]backtest\.json$/.test(id)) return 'backtest';
          // The offline copies of a signed-in person (decision 116), loaded on demand: kept out of
          // the first load, which the small-chunk folding would otherwise put them into.
          if (/[\\/]src[\\/]lib[\\/]offline[\\/](answerCopies|personalCopies|offlineState)\.ts$/.test(id)) return 'offline';
          return undefined;
        },
      },
    },
  },
}));
