import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from './src/main/security';

/** Writes the one Content-Security-Policy into index.html; dev mode (inline HMR scripts) drops the tag. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'sieve-csp',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        return ctx.server
          ? html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
          : html.replace('__SIEVE_CSP__', META_CONTENT_SECURITY_POLICY);
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // One bundle set for the app process: the Electron entry, the headless CLI and the browser host.
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/main/cli/cliMain.ts'),
          host: resolve('src/main/host/hostMain.ts'),
          // Scoring worker threads load it from next to the bundle (src/main/scoring/workerPool.ts).
          scoreWorker: resolve('src/main/scoring/scoreWorker.ts'),
          // Report worker threads likewise (src/main/report/reportJob.ts).
          reportWorker: resolve('src/main/report/reportWorker.ts'),
          // Agreement worker threads likewise (src/main/agreement/agreementJob.ts).
          agreementWorker: resolve('src/main/agreement/agreementWorker.ts'),
          // Import worker threads likewise (src/main/import/readInWorker.ts).
          importWorker: resolve('src/main/import/importWorker.ts'),
          // Forced-alignment worker threads likewise (src/main/forcedAlign/alignSpeech.ts).
          alignWorker: resolve('src/main/forcedAlign/alignWorker.ts'),
          // The aligner's pronunciation look-ups likewise (src/main/api/pronounceInWorker.ts).
          pronounceWorker: resolve('src/main/api/pronounceWorker.ts'),
          // The project's checkpoint thread likewise (src/main/store/checkpointThread.ts).
          checkpointWorker: resolve('src/main/store/checkpointWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require nothing but electron: bundle everything else into it.
      externalizeDeps: false,
      // A sandboxed preload cannot be an ES module.
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    plugins: [react(), contentSecurityPolicy()],
  },
});
