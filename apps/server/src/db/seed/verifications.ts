import fs from 'node:fs';
import path from 'node:path';
import type { VerificationRequestData } from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { findAccountByEmail } from '../../modules/users/index.ts';
import { createVerificationRequest, type VerificationDeps } from '../../modules/verification/index.ts';
import { DEMO_MEMBERS, demoEmail } from './members.ts';

/** A one-page PDF with a line of text, as a sample trade register extract. */
function samplePdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, '');
  const content = `BT /F1 14 Tf 40 140 Td (${text}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>stream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A sample ID card photo (clearly marked 'MUSTER') for a private seller. */
function sampleIdPhoto(name: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#dfe9f3"/>
    <rect x="32" y="96" width="160" height="200" fill="#9fb3c8"/>
    <text x="220" y="80" font-family="sans-serif" font-size="28" fill="#243b53">PERSONALAUSWEIS</text>
    <text x="220" y="160" font-family="sans-serif" font-size="26" fill="#243b53">${name}</text>
    <text x="320" y="300" font-family="sans-serif" font-size="64" fill="#d64545" opacity="0.6">MUSTER</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/**
 * Demo data: three pending verification requests of demo members (two private sellers with a
 * sample ID photo, one business with a sample register extract as PDF), so that the ADMIN queue
 * /admin/verifications is not empty on a first start. They go through the same service as a
 * member's request (documents in the private storage, photos without metadata).
 * @returns how many requests were created
 */
export async function seedDemoVerifications(deps: VerificationDeps, log: FastifyBaseLogger): Promise<number> {
  const applicants: { member: number; data: VerificationRequestData; document: () => Promise<Buffer> }[] = [
    {
      member: 2,
      data: {
        kind: 'private',
        name: 'Sophie Schneider',
        street: 'Lindenstraße 12',
        postal_code: '50667',
        city: 'Köln',
        phone: '0221 5550123',
      },
      document: () => sampleIdPhoto('Sophie Schneider'),
    },
    {
      member: 11,
      data: {
        kind: 'business',
        name: 'Radsport Koch GmbH',
        legal_form: 'GmbH',
        street: 'Sendlinger Straße 40',
        postal_code: '80331',
        city: 'München',
        phone: '089 5550456',
        email: 'info@radsport-koch.example',
        register_number: 'HRB 123456',
        vat_id: 'DE123456789',
      },
      document: async () => samplePdf('Handelsregisterauszug MUSTER - Radsport Koch GmbH, HRB 123456'),
    },
    {
      member: 6,
      data: {
        kind: 'private',
        name: 'Laura Wagner',
        street: 'Am Markt 3',
        postal_code: '10115',
        city: 'Berlin',
        phone: '030 5550789',
      },
      document: () => sampleIdPhoto('Laura Wagner'),
    },
  ];
  let created = 0;
  await fs.promises.mkdir(deps.tmpDir, { recursive: true });
  for (const applicant of applicants) {
    const member = DEMO_MEMBERS[applicant.member];
    const account = member ? await findAccountByEmail(deps.db, demoEmail(member)) : undefined;
    if (!account) continue;
    const tmp = path.join(deps.tmpDir, `verification-demo-${applicant.member}`);
    try {
      await fs.promises.writeFile(tmp, await applicant.document());
      await createVerificationRequest(deps, account, JSON.stringify(applicant.data), tmp);
      created++;
    } catch (error) {
      log.warn({ err: error }, 'demo verification request not created');
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }
  return created;
}
