// Build, dev server and unit-test configuration for the client, the parsers and the server.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3456);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
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
