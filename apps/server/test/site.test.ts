import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TERMS_VERSION, loadConfig } from '../src/config.ts';
import { registerMember, waitForMail } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const INDEX = `<!doctype html><html lang="de"><head><title>Marktplatz – Kleinanzeigen</title></head>
<body><div id="root"><div class="first-paint-header">Marktplatz</div></div></body></html>`;

const OPERATOR_ENV = {
  SITE_NAME: 'Kiezmarkt <Nord>',
  OPERATOR_NAME: 'Kiezmarkt Nord GmbH',
  OPERATOR_ADDRESS: 'Hafenstraße 7, 20459 Hamburg',
  OPERATOR_EMAIL: 'kontakt@kiezmarkt.example',
  OPERATOR_PHONE: '+49 40 1234567',
  OPERATOR_REPRESENTATIVE: 'Jana Beispiel',
  OPERATOR_REGISTER_COURT: 'Amtsgericht Hamburg',
  OPERATOR_REGISTER_NUMBER: 'HRB 123456',
  OPERATOR_VAT_ID: 'DE123456789',
  OPERATOR_RESPONSIBLE: 'Jana Beispiel, Hafenstraße 7, 20459 Hamburg',
};

describe('site name and operator from the configuration', () => {
  it('defaults to "Marktplatz", no operator data and the documented AGB version', () => {
    const config = loadConfig({});
    expect(config.siteName).toBe('Marktplatz');
    expect(config.mailFrom).toBe('Marktplatz <no-reply@localhost>');
    expect(config.termsVersion).toBe(DEFAULT_TERMS_VERSION);
    expect(Object.values(config.operator).every((value) => value === null)).toBe(true);
  });

  it.each([
    [{ TERMS_VERSION: 'neu' }, 'TERMS_VERSION'],
    [{ OPERATOR_EMAIL: 'keine-adresse' }, 'OPERATOR_EMAIL'],
    [{ SITE_NAME: ' ' }, 'SITE_NAME'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Ungültige Konfiguration: ${variable}: `));
  });

  describe('served to the browser and used in e-mails', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-site-'));
    let t: TestApp;

    beforeAll(async () => {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      fs.writeFileSync(
        path.join(dist, 'manifest.webmanifest'),
        JSON.stringify({ name: 'Marktplatz', short_name: 'Marktplatz', lang: 'de', start_url: '/' }),
      );
      t = await startTestApp(OPERATOR_ENV, { webDistDir: dist });
    });
    afterAll(async () => {
      await t?.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('GET /api/site answers the name, the AGB version and the operator', async () => {
      const res = await t.app.inject({ url: '/api/site' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        name: 'Kiezmarkt <Nord>',
        terms_version: DEFAULT_TERMS_VERSION,
        operator: {
          name: 'Kiezmarkt Nord GmbH',
          address: 'Hafenstraße 7, 20459 Hamburg',
          email: 'kontakt@kiezmarkt.example',
          phone: '+49 40 1234567',
          representative: 'Jana Beispiel',
          register_court: 'Amtsgericht Hamburg',
          register_number: 'HRB 123456',
          vat_id: 'DE123456789',
          responsible: 'Jana Beispiel, Hafenstraße 7, 20459 Hamburg',
        },
      });
    });

    it('puts the site into every served page: title, first paint and the JSON the app reads', async () => {
      for (const url of ['/', '/legal/impressum', '/index.html']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(
          '<title>Kiezmarkt &#60;Nord&#62; – Kleinanzeigen aus deiner Region</title>',
        );
        expect(res.body, url).toContain('<div class="first-paint-header">Kiezmarkt &#60;Nord&#62;</div>');
        const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(res.body)?.[1];
        expect(json, url).toBeDefined();
        // No '<' inside the script element, so a name cannot end it.
        expect(json).not.toContain('<');
        expect(JSON.parse(json as string).operator.vat_id).toBe('DE123456789');
        expect(JSON.parse(json as string).name).toBe('Kiezmarkt <Nord>');
      }
    });

    it('names the installed app after the site in the web manifest', async () => {
      const res = await t.app.inject({ url: '/manifest.webmanifest' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/manifest+json');
      expect(res.json()).toMatchObject({
        name: 'Kiezmarkt <Nord>',
        short_name: 'Kiezmarkt <Nord>',
        lang: 'de',
      });
    });

    it('signs e-mails with the site name, never with another brand', async () => {
      const member = await registerMember(t.app);
      const mail = await waitForMail(t.config.dataDir, member.email);
      expect(mail.text).toContain('willkommen bei Kiezmarkt <Nord>!');
      expect(mail.text).toContain('Dein Kiezmarkt <Nord>-Team');
      expect(mail.html).toContain('Dein Kiezmarkt &#60;Nord&#62;-Team');
      expect(mail.raw).toMatch(/^From: .*Kiezmarkt/m);
      expect(`${mail.text}${mail.html}`).not.toContain('Kleinanzeigen');
    });
  });
});
