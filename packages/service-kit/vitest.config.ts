import { defineConfig } from 'vitest/config';
// Its own source: the package's tests run before it is built.
import { integrationTests } from './src/integration-tests.js';

export default defineConfig({ test: integrationTests });
