import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseServiceConfig, ConfigError, env, loadConfig } from '../src/config.js';

const schema = baseServiceConfig.extend({
  SIGNUPS_OPEN: env.boolean(true),
  WORKERS: env.int(4),
  STRIPE_URL: env.url(),
});

const valid = { STRIPE_URL: 'https://stripe.test' };

function configError(vars: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(schema, vars);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('returns the defaults for unset variables', () => {
    const config = loadConfig(schema, valid);
    expect(config).toMatchObject({
      PORT: 0,
      LOG_LEVEL: 'info',
      IDENTITY_URL: 'http://127.0.0.1:4001',
      SIGNUPS_OPEN: true,
      WORKERS: 4,
      STRIPE_URL: 'https://stripe.test',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('reads process.env when no environment is given', () => {
    const quiet = z.object({ SERVICE_KIT_TEST_UNSET: z.string().default('fallback') });
    expect(loadConfig(quiet)).toEqual({ SERVICE_KIT_TEST_UNSET: 'fallback' });
  });

  it('coerces ports, integers and booleans from their string form', () => {
    const config = loadConfig(schema, {
      ...valid,
      PORT: '8080',
      WORKERS: '12',
      SIGNUPS_OPEN: 'no',
    });
    expect(config).toMatchObject({ PORT: 8080, WORKERS: 12, SIGNUPS_OPEN: false });
    for (const [value, expected] of [
      ['true', true],
      ['1', true],
      ['yes', true],
      ['false', false],
      ['0', false],
    ] as const) {
      expect(loadConfig(schema, { ...valid, SIGNUPS_OPEN: value }).SIGNUPS_OPEN).toBe(expected);
    }
  });

  it('treats an empty optional URL as unset', () => {
    const config = loadConfig(schema, {
      ...valid,
      DATABASE_URL: '',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('throws a ConfigError naming every bad variable with its value', () => {
    const error = configError({
      PORT: '70000',
      SIGNUPS_OPEN: 'maybe',
      DATABASE_URL: 'not a url',
      LOG_LEVEL: 'loud',
      WORKERS: 'many',
    });

    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.problems).toHaveLength(6);
    for (const fragment of [
      'PORT ("70000")',
      'SIGNUPS_OPEN ("maybe"): must be true or false',
      'DATABASE_URL ("not a url"): must be a URL',
      'LOG_LEVEL ("loud")',
      'WORKERS ("many")',
      'STRIPE_URL (unset)',
    ]) {
      expect(error.message).toContain(fragment);
    }
  });

  it('rejects a negative or fractional port', () => {
    expect(configError({ ...valid, PORT: '-1' }).message).toContain('PORT ("-1")');
    expect(configError({ ...valid, PORT: '80.5' }).message).toContain('PORT ("80.5")');
  });
});
