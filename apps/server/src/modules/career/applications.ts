import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  CAREER_TEAM_NAMES,
  careerTexts,
  type JobApplication,
  type JobApplicationList,
  type JobApplicationStatus,
  jobApplicationBodySchema,
} from '@marketplace/contract';
import { and, count, desc, eq, inArray, lte, ne } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { composeMail } from '../../lib/mailer.ts';
import { removeTempFile, streamToTempFile } from '../../lib/temp-upload.ts';
import { recordAdminAction } from '../admin/index.ts';
import { addressKey, countRequest } from '../auth/index.ts';
import { type JobApplicationRow, jobApplications, jobPositions } from './schema.ts';
import {
  type CareerDeps,
  CV_FOLDER,
  findPositionBySlug,
  JOB_APPLICATION_ADDRESS_LIMIT,
  JOB_APPLICATION_EMAIL_LIMIT,
} from './service.ts';

/* The applications to the positions of /karriere, their CVs in the private storage, and their clean-up. */

/** Name prefix of CVs being received. */
const TMP_PREFIX = 'career-cv-';

/**
 * Streams an uploaded CV into a temporary file under `tmpDir` (never whole in memory).
 * @returns the temporary file; the caller removes it with {@link discardCv}
 * @throws AppError payload_too_large (413) above 10 MB
 */
export function receiveCv(deps: CareerDeps, file: Readable & { truncated?: boolean }): Promise<string> {
  return streamToTempFile(
    file,
    deps.tmpDir,
    TMP_PREFIX,
    () => new AppError('payload_too_large', careerTexts.tooLarge),
  );
}

/** Removes a temporary upload; a missing file is no error. */
export const discardCv = removeTempFile;

/** The form's JSON (`data`) checked by the contract's schema. @throws AppError validation (422) */
function parseApplication(rawData: string | undefined) {
  if (rawData === undefined) throw new AppError('validation', careerTexts.missingData);
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    throw new AppError('validation', careerTexts.missingData);
  }
  const parsed = jobApplicationBodySchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('validation', parsed.error.issues[0]?.message ?? careerTexts.missingData);
  }
  return parsed.data;
}

/**
 * `POST /api/career/positions/{slug}/applications`: stores an application to an open position. The
 * CV must be a PDF by its bytes (`file-type`; name and declared type do not count) and is kept in
 * the private storage. Both limits, the row and the applicant's confirmation mail commit in one
 * transaction (docs/decisions/0014-job-queue.md): a refused application counts nothing, stores
 * nothing and leaves no file. The mail names the position but repeats nothing the applicant typed.
 * @param rawData the text of the multipart field `data` (see `jobApplicationBodySchema`)
 * @param tmp the CV `receiveCv` wrote, or null when none came
 * @throws AppError validation (422) for bad fields, a missing CV or one that is no PDF;
 *   job_position_not_found (404), job_position_closed (410); rate_limited (429) above
 *   {@link JOB_APPLICATION_ADDRESS_LIMIT} or {@link JOB_APPLICATION_EMAIL_LIMIT}
 */
export async function applyToPosition(
  deps: CareerDeps,
  slug: string,
  rawData: string | undefined,
  tmp: string | null,
  ip: string,
): Promise<{ detail: string }> {
  const body = parseApplication(rawData);
  if (tmp === null) throw new AppError('validation', careerTexts.missingCv);
  const position = await findPositionBySlug(deps.db, slug);
  if (!position) throw new AppError('job_position_not_found');
  if (position.status !== 'open') throw new AppError('job_position_closed');
  const detected = await fileTypeFromFile(tmp);
  if (detected?.mime !== 'application/pdf') throw new AppError('validation', careerTexts.notPdf);
  const data = await fs.promises.readFile(tmp);
  const cvName = `${randomBytes(16).toString('hex')}.pdf`;
  await deps.documents.write(CV_FOLDER, cvName, data);
  try {
    await deps.db.transaction(async (tx) => {
      await countRequest(tx, JOB_APPLICATION_ADDRESS_LIMIT, addressKey(ip));
      await countRequest(tx, JOB_APPLICATION_EMAIL_LIMIT, body.email);
      // Closed meanwhile: nothing is stored.
      const [open] = await tx
        .select({ id: jobPositions.id })
        .from(jobPositions)
        .where(and(eq(jobPositions.id, position.id), eq(jobPositions.status, 'open')));
      if (!open) throw new AppError('job_position_closed');
      await tx.insert(jobApplications).values({
        positionId: position.id,
        name: body.name,
        email: body.email,
        phone: body.phone ? body.phone : null,
        message: body.message,
        cvName,
        cvBytes: data.length,
      });
      await deps.mailer.send(
        composeMail(
          body.email,
          `Deine Bewerbung bei ${deps.siteName} ist angekommen`,
          'Hallo,',
          `danke für deine Bewerbung als „${position.title}“ (${CAREER_TEAM_NAMES[position.team]}). Wir haben sie mit deinem Lebenslauf erhalten und melden uns in der Regel innerhalb von zwei Wochen per E-Mail an diese Adresse bei dir. Die Stelle findest du hier:`,
          `${deps.publicUrl}/karriere/${position.slug}`,
          [
            'Deine Unterlagen sehen nur die Menschen, die über die Stelle entscheiden. Wenn wir niemanden einstellen, löschen wir sie spätestens sechs Monate nach Abschluss des Verfahrens.',
            'Wenn du dich nicht beworben hast, kannst du diese E-Mail ignorieren.',
          ],
          deps.siteName,
        ),
        { db: tx },
      );
    });
  } catch (error) {
    await deps.documents.remove(CV_FOLDER, cvName);
    throw error;
  }
  return { detail: careerTexts.received };
}

function applicationOf(row: JobApplicationRow, positionTitle: string): JobApplication {
  return {
    id: row.id,
    position_id: row.positionId,
    position_title: positionTitle,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    cv_url: `/api/admin/career/applications/${row.id}/cv`,
    cv_bytes: row.cvBytes,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
  };
}

/**
 * `GET /api/admin/career/applications`: newest first, `limit` from `offset`, of one `status` or all,
 * with their total and how many are still open (new or in progress).
 */
export async function listApplications(
  db: Database,
  page: { limit: number; offset: number; status?: JobApplicationStatus | undefined },
): Promise<JobApplicationList> {
  const where = page.status ? eq(jobApplications.status, page.status) : undefined;
  const rows = await db
    .select({ application: jobApplications, title: jobPositions.title })
    .from(jobApplications)
    .innerJoin(jobPositions, eq(jobPositions.id, jobApplications.positionId))
    .where(where)
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(jobApplications).where(where);
  const [open] = await db
    .select({ n: count() })
    .from(jobApplications)
    .where(inArray(jobApplications.status, ['new', 'in_progress']));
  return {
    applications: rows.map((row) => applicationOf(row.application, row.title)),
    total: total?.n ?? 0,
    open: open?.n ?? 0,
  };
}

async function positionTitle(db: Database, positionId: string): Promise<string> {
  const [row] = await db
    .select({ title: jobPositions.title })
    .from(jobPositions)
    .where(eq(jobPositions.id, positionId));
  return row?.title ?? '';
}

/**
 * `PATCH /api/admin/career/applications/{id}`: an ADMIN sets an application's status; noted with
 * time and ADMIN, and in the audit log in the same transaction. The status it has changes nothing.
 * @throws AppError job_application_not_found (404)
 */
export async function changeApplicationStatus(
  db: Database,
  adminId: string,
  id: string,
  status: JobApplicationStatus,
): Promise<JobApplication> {
  if (!isUuid(id)) throw new AppError('job_application_not_found');
  const row = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(jobApplications)
      .set({ status, statusChangedAt: new Date(), statusChangedBy: adminId })
      .where(and(eq(jobApplications.id, id), ne(jobApplications.status, status)))
      .returning();
    if (changed) {
      await recordAdminAction(tx, {
        adminId,
        action: 'job_application_status_changed',
        targetType: 'job_application',
        targetId: id,
        reason: 'Status der Bewerbung geändert',
        details: status,
      });
      return changed;
    }
    const [unchanged] = await tx.select().from(jobApplications).where(eq(jobApplications.id, id));
    if (!unchanged) throw new AppError('job_application_not_found');
    return unchanged;
  });
  return applicationOf(row, await positionTitle(db, row.positionId));
}

/**
 * `GET /api/admin/career/applications/{id}/cv`: an application's CV for an ADMIN; the opening is
 * written to the audit log (personal data were read).
 * @returns the PDF as a stream with its size in bytes
 * @throws AppError job_application_not_found (404) for an unknown application or a missing file
 */
export async function readCv(
  deps: CareerDeps,
  adminId: string,
  id: string,
): Promise<{ stream: Readable; size: number }> {
  if (!isUuid(id)) throw new AppError('job_application_not_found');
  const [row] = await deps.db.select().from(jobApplications).where(eq(jobApplications.id, id));
  if (!row) throw new AppError('job_application_not_found');
  const file = await deps.documents.read(CV_FOLDER, row.cvName);
  if (!file) throw new AppError('job_application_not_found');
  await recordAdminAction(deps.db, {
    adminId,
    action: 'job_application_cv_opened',
    targetType: 'job_application',
    targetId: id,
    reason: 'Lebenslauf geöffnet',
    details: null,
  });
  return file;
}

/** How long a concluded application (status `done`) is kept with its CV: about six months (ms). */
export const CONCLUDED_APPLICATION_MS = 183 * 24 * 60 * 60 * 1000;

/**
 * Deletes the applications concluded (status `done`) at least {@link CONCLUDED_APPLICATION_MS}
 * before `now`, each CV first and then its row, as the applicant's confirmation mail promises
 * ('spätestens sechs Monate nach Abschluss des Verfahrens'). A CV already gone is skipped; a
 * crash between the two leaves the row, which the next run deletes. Run by the daily job
 * `career.cleanup`.
 * @returns how many applications were deleted
 */
export async function removeConcludedApplications(deps: CareerDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: jobApplications.id, cvName: jobApplications.cvName })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.status, 'done'),
        lte(jobApplications.statusChangedAt, new Date(now.getTime() - CONCLUDED_APPLICATION_MS)),
      ),
    );
  for (const row of due) {
    await deps.documents.remove(CV_FOLDER, row.cvName);
    await deps.db.delete(jobApplications).where(eq(jobApplications.id, row.id));
  }
  return due.length;
}
