import { integrationTests } from '@uapqa/service-kit/integration-tests';
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: integrationTests });
