import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/uploads': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      treeshake: {
        // @rentora/shared is pure (schemas, constants, permission functions): let the bundler drop
        // the modules a chunk does not use, so public pages do not carry zod and every schema.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src/, sideEffects: false }],
      },
    },
  },
});
