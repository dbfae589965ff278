import type { AdminVerification } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVerifications } from '../src/db/seed/verifications.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
let admin: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: '1' });
  admin = await verifiedMember(t, { nickname: 'Admina' });
  await makeAdmin(t, admin.user.id);
});
afterAll(async () => t?.close());

describe('demo seller verifications', () => {
  it('a first start with demo data fills the ADMIN queue with pending requests and their documents', async () => {
    const res = await t.app.inject({ url: '/api/admin/verifications', headers: bearer(admin.access_token) });
    expect(res.statusCode).toBe(200);
    const queue = (res.json() as { verifications: AdminVerification[] }).verifications;
    expect(queue.length).toBeGreaterThanOrEqual(3);
    expect(queue.map((item) => item.kind)).toContain('business');
    for (const item of queue) {
      const file = await t.app.inject({
        url: item.document_url as string,
        headers: bearer(admin.access_token),
      });
      expect(file.statusCode).toBe(200);
      expect(['image/webp', 'application/pdf']).toContain(file.headers['content-type']);
    }
  });

  it('adds no second request for a member who has an open one', async () => {
    const log = { warn() {} } as unknown as Parameters<typeof seedDemoVerifications>[1];
    expect(await seedDemoVerifications(t.app.verificationDeps, log)).toBe(0);
  });
});
