import { componentTests } from '@uapqa/ui/component-tests';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({ plugins: [react()], test: componentTests });
