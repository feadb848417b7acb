import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/swx': 'http://localhost:3000',
      '/admin-api': 'http://localhost:3000',
      '/customer-service': 'http://localhost:3000',
      '/settings': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // the manifest lets scripts/measure-bundle.mjs follow the entry's static imports
    manifest: true,
    // ApexCharts is a lazy chunk of its own (~290 kB gzip), loaded only by /cruuency
    chunkSizeWarningLimit: 1100,
  },
});
