import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/lib/logger.ts';
import { bearer, linkToken, login, registerMember, waitForMail } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const NEW_PASSWORD = 'GanzNeu2468';

let t: TestApp;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  t = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
});
afterAll(async () => {
  await t?.close();
});

describe('log lines', () => {
  it('carry no password, password hash, access token or e-mail link token', async () => {
    const member = await registerMember(t.app);
    const verifyToken = linkToken(await waitForMail(t.db.dataDir, member.email), 'verify-email');
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${verifyToken}`,
    });
    expect(verified.statusCode).toBe(200);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: member.email },
    });
    expect(reset.statusCode).toBe(202);
    const resetToken = linkToken(await waitForMail(t.db.dataDir, member.email, 2), 'reset-password');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const loggedIn = await login(t.app, member.email, NEW_PASSWORD);
    expect(loggedIn.statusCode).toBe(200);
    const accessToken = (loggedIn.json() as { access_token: string }).access_token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })).statusCode,
    ).toBe(200);
    // A refused login with a wrong password is logged too (as a 4xx), without the password.
    expect((await login(t.app, member.email, 'Falsch12345')).statusCode).toBe(401);

    // The requests above were logged ...
    expect(log).toContain('/api/auth/verify-email?token=[REDACTED]');
    expect(log).toContain('/api/auth/reset-password');
    // ... without any of their secrets.
    for (const secret of [
      member.password,
      NEW_PASSWORD,
      'Falsch12345',
      verifyToken,
      resetToken,
      accessToken,
      member.access_token,
      '$argon2',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('hides tokens in logged addresses and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc.def.ghi&room=1')).toBe('/ws?token=[REDACTED]&room=1');
    expect(redactUrl('/verify-email?x=1&TOKEN=geheim#top')).toBe('/verify-email?x=1&TOKEN=[REDACTED]#top');
    expect(redactUrl('/api/listings?access_token=s3cr3t')).toBe('/api/listings?access_token=[REDACTED]');
    expect(redactUrl('/api/listings?tokens=1')).toBe('/api/listings?tokens=1');
  });
});
