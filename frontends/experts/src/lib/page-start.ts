/**
 * Imported first by every page this remote exposes: zod without code generation (the site's
 * CSP allows no eval), and this remote's React recorded, so the browser tests can check that
 * the page holds one React however many remotes it loaded.
 */
import '@uapqa/contracts/zod-jitless';
import { registerReactInstance } from '@uapqa/ui';
import React from 'react';

registerReactInstance(React, 'experts');
