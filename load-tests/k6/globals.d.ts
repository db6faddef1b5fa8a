/** What k6 provides to k6/run.js and the scenarios, for the type check of the JavaScript. */
declare const __ENV: Record<string, string | undefined>;
declare const __VU: number;
declare const __ITER: number;
declare module 'k6';
declare module 'k6/http';
declare module 'k6/metrics';
