/**
 * Imported first by every page this remote exposes: this remote's React recorded, so the browser
 * tests can check that the page holds one React however many remotes it loaded. (No zod switch
 * here, unlike the other remotes: the dashboards build no schema as they load, and importing the
 * switch would put zod, about 38 KB gzipped, in their chunks. The one form that validates fetches
 * its schema with its first validation, from `schemas.ts`, which imports the switch itself.)
 */
import { registerReactInstance } from '@uapqa/ui';
import React from 'react';

registerReactInstance(React, 'staff');
