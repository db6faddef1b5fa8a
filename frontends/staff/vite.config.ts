import { remoteViteConfig } from '@uapqa/ui/remote-vite-config';
import { defineConfig } from 'vite';

/** The staff remote: the admin and moderator dashboards. */
export default defineConfig(
  remoteViteConfig('staff', {
    './AdminDashboard': './src/pages/AdminDashboard.tsx',
    './ModeratorDashboard': './src/pages/ModeratorDashboard.tsx',
  }),
);
