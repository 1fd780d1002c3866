import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which imports the React Router build.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  plugins: [tailwindcss(), reactRouter()],
}))
