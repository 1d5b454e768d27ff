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
  },
});
