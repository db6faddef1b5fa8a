/**
 * Imported first by every page this remote exposes: this remote's React recorded, so the browser
 * tests can check that the page holds one React however many remotes it loaded. (zod is told to
 * run without code generation by `lib/schemas.ts`, the one module that builds schemas, so a page
 * without a form does not download zod.)
 */
import { registerReactInstance } from '@uapqa/ui';
import React from 'react';

registerReactInstance(React, 'experts');
