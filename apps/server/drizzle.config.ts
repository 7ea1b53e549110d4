import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate`): migrations are applied by the server at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
