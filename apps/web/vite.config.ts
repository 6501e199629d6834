import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:5005', '/swagger': 'http://localhost:5005' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 300,
    // what every route loads first (the entry and its static imports) is one chunk: split over a dozen small ones
    // it compressed worse, and the sign-in route lost ~10 KB gzip of its budget to that alone
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'base', tags: ['$initial'] }] } } },
  },
});
