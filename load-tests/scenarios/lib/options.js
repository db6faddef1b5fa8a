import { INTERACTIVE_THRESHOLDS } from './env.js';

/**
 * The k6 options of an interactive scenario: `peak` virtual users, ramped up, held and ramped
 * down over the three k6 durations, held to the interactive thresholds.
 *
 * @param {string} name @param {number} peak
 * @param {{ rampUp: string, hold: string, rampDown: string }} durations
 */
export function rampingOptions(name, peak, { rampUp, hold, rampDown }) {
  return {
    // Setup registers and pays for accounts through the API: more than k6's default minute.
    setupTimeout: '10m',
    scenarios: {
      [name]: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [
          { duration: rampUp, target: peak },
          { duration: hold, target: peak },
          { duration: rampDown, target: 0 },
        ],
        gracefulRampDown: '5s',
      },
    },
    thresholds: INTERACTIVE_THRESHOLDS,
  };
}
