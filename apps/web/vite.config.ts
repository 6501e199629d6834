import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:5005', '/swagger': 'http://localhost:5005' } },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, reportCompressedSize: true, chunkSizeWarningLimit: 300 },
});
