import { remoteViteConfig } from '@uapqa/ui/remote-vite-config';
import { defineConfig } from 'vite';

/**
 * The experts remote: the expert dashboard, expert onboarding, the experts marketing page and
 * the public expert application.
 */
export default defineConfig(
  remoteViteConfig('experts', {
    './ExpertDashboard': './src/pages/ExpertDashboard.tsx',
    './ExpertOnboarding': './src/pages/ExpertOnboarding.tsx',
    './Experts': './src/pages/Experts.tsx',
    './Apply': './src/pages/Apply.tsx',
  }),
);
