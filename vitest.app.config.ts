import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['app/test/setup.ts'],
    restoreMocks: true,
  },
});
