import { describe, expect, it } from 'vitest';
import { cookieSecure, identityConfigSchema } from '../src/config.js';

const secureWith = (env: Record<string, string>) =>
  cookieSecure(identityConfigSchema.parse({ LOG_LEVEL: 'silent', ...env }));

describe('COOKIE_SECURE', () => {
  it('follows PUBLIC_URL when unset: Secure on an https site, not on an http one', () => {
    expect(secureWith({ PUBLIC_URL: 'https://uap.example' })).toBe(true);
    expect(secureWith({ PUBLIC_URL: 'http://localhost:3000' })).toBe(false);
    expect(secureWith({})).toBe(false);
    expect(secureWith({ PUBLIC_URL: 'https://uap.example', COOKIE_SECURE: '' })).toBe(true);
  });

  it('wins when set explicitly', () => {
    expect(secureWith({ PUBLIC_URL: 'https://uap.example', COOKIE_SECURE: 'false' })).toBe(false);
    expect(secureWith({ PUBLIC_URL: 'http://localhost:3000', COOKIE_SECURE: 'true' })).toBe(true);
    expect(() => identityConfigSchema.parse({ COOKIE_SECURE: 'maybe' })).toThrow();
  });
});
