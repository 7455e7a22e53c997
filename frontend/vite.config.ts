/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/*
 * Django serves index.html for every page and the built files through its static files app:
 * settings.STATICFILES_DIRS points at dist/assets and STATIC_URL is /static/, so a file written to
 * dist/assets/x.js is served at /static/x.js. renderBuiltUrl makes every URL Vite writes line up.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  base: '/static/',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  experimental: {
    renderBuiltUrl(filename: string) {
      return '/static/' + filename.replace(/^assets\//, '');
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A cap, not a speed assertion: the CI machines are small and shared.
    testTimeout: 30_000,
  },
});
