import { config } from 'zod';

// The site's Content-Security-Policy allows no eval: zod must neither compile its parsers with
// Function() nor probe whether it may (the probe alone is reported as a CSP violation). Zod reads
// this when a schema is built, so every page a remote exposes imports this module before any
// other (through its lib/page-start.ts).
config({ jitless: true });
