import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  browserCallTable,
  modulePreloadsOfSignedOutPages,
  reactRouterProductionBuild,
  reactWithLingui,
  sourceAlias,
  treeShakeReactRouter,
} from './build-plugins';
import { poseModelFiles } from './pose-model-files-plugin';
import { POSE_RUNTIME_CHUNK } from './src/features/camera-counter/pose-model-files';

export default defineConfig(({ command }) => ({
  // The build takes react-router's production files (build-plugins.ts); the dev server keeps its warnings.
  resolve: { alias: [...sourceAlias, ...(command === 'build' ? reactRouterProductionBuild() : [])] },
  plugins: [
    browserCallTable(),
    ...reactWithLingui(),
    treeShakeReactRouter(),
    tailwindcss(),
    poseModelFiles(),
    VitePWA({
      // Our own worker (src/sw.ts): precache and navigation from Workbox, plus the outbox's Background Sync.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // A new version waits for the user's Reload (src/lib/app-update.ts); registered after the page loaded.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,json}'],
        // The service worker's own file is not part of what it caches. Nor is the camera counter's pose
        // model and runtime (5.9 MB): not every visitor uses the counter, so src/sw.ts keeps them
        // after their first use instead.
        globIgnores: ['sw.js', 'models/**', `assets/${POSE_RUNTIME_CHUNK}-*.js`],
      },
      manifest: {
        id: '/',
        name: 'Pushup Tracker',
        short_name: 'Pushups',
        description: 'Log your daily push-ups, follow your progress, set a goal and compete with friends.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#c2410c',
        background_color: '#fbf8f5',
        categories: ['fitness', 'health', 'sports'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the installed app's icon: straight to the counter, its field focused
        // (useLogShortcut, src/features/pushups/components/log-shortcut.ts).
        shortcuts: [
          {
            name: 'Log pushups',
            short_name: 'Log pushups',
            description: "Log today's pushups",
            url: '/?log=1',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
    }),
  ],
  define: {
    // One build's responses saved on a device are not shown by another (src/lib/offline/query-persistence.ts).
    __BUILD_ID__: JSON.stringify(Date.now().toString(36)),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { resolveDependencies: modulePreloadsOfSignedOutPages },
    rollupOptions: {
      output: {
        // The pose runtime (human with TensorFlow.js) in a chunk of its own, named so that the
        // service worker's precache can leave it out (above).
        manualChunks: (id: string) => (id.includes('/@vladmandic/human/') ? POSE_RUNTIME_CHUNK : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
}));
