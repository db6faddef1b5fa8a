/**
 * Every scenario by name. A scenario module exports `options` (k6's: scenarios with stages or
 * iterations, thresholds), `setup` (the declarative need, see lib/setup.js), optional `metrics`
 * (custom metric name → 'counter' | 'rate' | 'trend') and `iteration` (a generator of steps,
 * see lib/steps.js). k6/run.js and the Node runner both execute these very modules.
 */
import * as browse from './browse.js';
import * as member from './member.js';
import * as moderation from './moderation.js';
import * as windowBurst from './window-burst.js';

export const scenarios = {
  browse,
  member,
  moderation,
  'window-burst': windowBurst,
};
