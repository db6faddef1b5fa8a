/**
 * Imported first by every page this remote exposes: this remote's React recorded, so the browser
 * tests can check that the page holds one React however many remotes it loaded. (No zod switch
 * here, unlike the other remotes: the staff's pages build no schema, and importing the switch
 * would put zod, about 38 KB gzipped, in the dashboards' chunks.)
 */
import { registerReactInstance } from '@uapqa/ui';
import React from 'react';

registerReactInstance(React, 'staff');
