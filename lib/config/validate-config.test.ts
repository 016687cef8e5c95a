import { describe, expect, it } from 'vitest';
import { isConfigured, oauthSettings } from '@/lib/cloud/providers';
import { withEnv } from '@/tests/support/env';
import { setting, settingOrDefault } from './read-setting';
import { type Env } from './schema';
import { configProblems } from './validate-config';

const SECRET = 'x'.repeat(32);
const names = (env: Env, required: string[] = []) => configProblems(env, required).map((p) => p.name);

describe('configuration validated at start', () => {
  it('accepts the single-machine default: nothing set', () => {
    expect(configProblems({})).toEqual([]);
  });

  it('names each variable with a value of the wrong type, and what it should be', () => {
    const problems = configProblems({
      ENGINE_TIMEOUT_SECONDS: 'soon',
      PORT: '70000',
      LOG_FORMAT: 'xml',
      TRUST_PROXY: 'yes',
      DATABASE_URL: 'mysql://db/transmute',
      PLAN_FREE_MAX_UPLOAD_BYTES: '50MB',
    });
    expect(problems.map((p) => p.name).sort()).toEqual(
      [
        'DATABASE_URL',
        'ENGINE_TIMEOUT_SECONDS',
        'LOG_FORMAT',
        'PLAN_FREE_MAX_UPLOAD_BYTES',
        'PORT',
        'TRUST_PROXY',
      ].sort(),
    );
    const timeout = problems.find((p) => p.name === 'ENGINE_TIMEOUT_SECONDS');
    expect(timeout?.message).toBe('must be a number of seconds (it is "soon")');
    expect(problems.find((p) => p.name === 'PORT')?.message).toContain('between 0 and 65535');
  });

  it('never repeats a secret value in its message', () => {
    const [problem] = configProblems({ APP_SECRET: 'short-secret-value' });
    expect(problem.name).toBe('APP_SECRET');
    expect(problem.message).toContain('at least 32 characters');
    expect(problem.message).not.toContain('short-secret-value');
  });

  it('names a variable the process cannot run without', () => {
    expect(names({}, ['DATABASE_URL'])).toEqual(['DATABASE_URL']);
    expect(names({ DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/t' }, ['DATABASE_URL'])).toEqual([]);
  });

  it('treats an empty variable as unset (compose writes `${VAR:-}` as empty)', () => {
    expect(configProblems({ INNGEST_EVENT_KEY: '', ENGINE_TIMEOUT_SECONDS: ' ' })).toEqual([]);
    expect(setting('ENGINE_TIMEOUT_SECONDS', { ENGINE_TIMEOUT_SECONDS: '' })).toBe(300);
  });

  it('reads a changed variable of the process at its next use, and refuses it when it became invalid', () => {
    const before = process.env.ENGINE_TIMEOUT_SECONDS;
    try {
      process.env.ENGINE_TIMEOUT_SECONDS = '40';
      expect(setting('ENGINE_TIMEOUT_SECONDS')).toBe(40);
      expect(setting('ENGINE_TIMEOUT_SECONDS')).toBe(40);
      process.env.ENGINE_TIMEOUT_SECONDS = '41';
      expect(setting('ENGINE_TIMEOUT_SECONDS')).toBe(41);
      process.env.ENGINE_TIMEOUT_SECONDS = 'soon';
      expect(() => setting('ENGINE_TIMEOUT_SECONDS')).toThrow(/^ENGINE_TIMEOUT_SECONDS /);
      delete process.env.ENGINE_TIMEOUT_SECONDS;
      expect(setting('ENGINE_TIMEOUT_SECONDS')).toBe(300);
    } finally {
      if (before === undefined) delete process.env.ENGINE_TIMEOUT_SECONDS;
      else process.env.ENGINE_TIMEOUT_SECONDS = before;
    }
  });

  it('gives each read of a list its own copy', () => {
    const before = process.env.SIGNUP_DOMAINS;
    try {
      process.env.SIGNUP_DOMAINS = 'example.com';
      setting('SIGNUP_DOMAINS').push('intruder.example');
      expect(setting('SIGNUP_DOMAINS')).toEqual(['example.com']);
    } finally {
      if (before === undefined) delete process.env.SIGNUP_DOMAINS;
      else process.env.SIGNUP_DOMAINS = before;
    }
  });
});

describe('APP_SECRET where several machines share the data', () => {
  const shared: Record<string, Env> = {
    'a database on another host': { DATABASE_URL: 'postgresql://u:p@postgres:5432/transmute' },
    'S3 storage by its bucket': { S3_BUCKET: 'files' },
    'S3 storage by the driver': { STORAGE_DRIVER: 's3' },
    'a STORAGE_DIR': { STORAGE_DIR: '/srv/files' },
  };
  for (const [what, env] of Object.entries(shared)) {
    it(`is required with ${what}`, () => {
      const problems = configProblems(env);
      expect(problems.map((p) => p.name)).toEqual(['APP_SECRET']);
      expect(problems[0].message).toMatch(/^must be set \(at least 32 characters/);
      expect(configProblems({ ...env, APP_SECRET: SECRET })).toEqual([]);
      expect(names({ ...env, APP_SECRET: SECRET.slice(1) })).toEqual(['APP_SECRET']);
    });
  }

  it('may be generated when the database is on this machine (loopback or a Unix socket)', () => {
    for (const url of [
      'postgresql://transmute:transmute@127.0.0.1:54329/transmute',
      'postgresql://u@localhost/transmute',
      'postgresql://u@[::1]:5432/transmute',
      'postgresql:///transmute?host=/var/run/postgresql',
    ]) {
      expect(configProblems({ DATABASE_URL: url }), url).toEqual([]);
    }
  });
});

describe('optional features', () => {
  it('a provider without its secret is valid configuration, and only that feature is off', async () => {
    const env = { GOOGLE_DRIVE_CLIENT_ID: 'client-id', DROPBOX_APP_KEY: 'app-key', STRIPE_PRICE_PRO: 'price_1' };
    expect(configProblems(env)).toEqual([]);
    await withEnv({ ...env, GOOGLE_DRIVE_CLIENT_SECRET: undefined }, () => {
      expect(isConfigured('google_drive')).toBe(true); // files can still be imported with a picker token
      expect(oauthSettings('google_drive')).toBeNull(); // connecting an account is what is off
    });
  });
});

describe('settings read while modules load', () => {
  it('fall back on the default for a malformed value, which the check at start then names', () => {
    expect(settingOrDefault('LOG_LEVEL', { LOG_LEVEL: 'loud' })).toBe('info');
    expect(settingOrDefault('LOG_LEVEL', { LOG_LEVEL: 'debug' })).toBe('debug');
    expect(() => setting('LOG_LEVEL', { LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of/);
    expect(names({ LOG_LEVEL: 'loud' })).toEqual(['LOG_LEVEL']);
  });
});

describe('who may sign up', () => {
  it('takes one of the four rules, and domains only with domains to allow', () => {
    expect(names({ SIGNUP: 'everyone' })).toEqual(['SIGNUP']);
    expect(names({ SIGNUP: 'domains' })).toEqual(['SIGNUP_DOMAINS']);
    expect(names({ SIGNUP: 'domains', SIGNUP_DOMAINS: 'example.com, @Example.org' })).toEqual([]);
    expect(names({ SIGNUP_DOMAINS: 'not a domain' })).toEqual(['SIGNUP_DOMAINS']);
    expect(setting('SIGNUP_DOMAINS', { SIGNUP_DOMAINS: 'example.com, @Example.org' })).toEqual([
      'example.com',
      'example.org',
    ]);
    expect(setting('SIGNUP', {})).toBe('open');
  });
});

describe('single sign-on', () => {
  const provider = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'transmute', OIDC_CLIENT_SECRET: 's3cret' };

  it('SSO_ONLY needs a provider: without OIDC_ISSUER the process does not start', () => {
    const problems = configProblems({ SSO_ONLY: 'true' });
    expect(problems.map((p) => p.name)).toEqual(['SSO_ONLY']);
    expect(problems[0].message).toContain('OIDC_ISSUER');
    expect(configProblems({ SSO_ONLY: 'true', ...provider })).toEqual([]);
  });

  it('a provider needs its client id and secret, and never shows the secret', () => {
    expect(names({ OIDC_ISSUER: 'https://id.example.com' }).sort()).toEqual(['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    expect(names({ ...provider, OIDC_ISSUER: 'id.example.com' })).toEqual(['OIDC_ISSUER']);
  });

  it('plan groups are plan:group pairs naming a plan', () => {
    expect(configProblems({ OIDC_PLAN_GROUPS: 'pro:transmute-pro, business:biz' })).toEqual([]);
    expect(setting('OIDC_PLAN_GROUPS', { OIDC_PLAN_GROUPS: 'pro:Transmute-Pro' })).toEqual(['pro:transmute-pro']);
    expect(names({ OIDC_PLAN_GROUPS: 'gold:vip' })).toEqual(['OIDC_PLAN_GROUPS']);
    expect(names({ OIDC_PLAN_GROUPS: 'transmute-pro' })).toEqual(['OIDC_PLAN_GROUPS']);
  });
});
