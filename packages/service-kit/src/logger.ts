import { type Logger, pino } from 'pino';

export type { Logger };

/** JSON lines on stdout, one logger per service; children carry the request id. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: ['password', '*.password', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  });
}
