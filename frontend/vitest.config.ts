import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@catalog/': fileURLToPath(new URL('../i18n/', import.meta.url)),
    },
  },
  esbuild: { jsx: 'automatic' },
  // `?raw` imports are served only from allowed folders: the app, the catalogue and the server's password list.
  server: { fs: { allow: ['.', '../i18n', '../libs/identity/data'] } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A page test renders the whole route with its lazy chunks; on a loaded 2-core CI machine the default 5 s
    // timed out twice in one run (orders-page) while passing in 1 s when idle.
    testTimeout: 15_000,
  },
});
