import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  type AdminJobPosition,
  type AdminJobPositionList,
  CAREER_TEAM_NAMES,
  careerTexts,
  type JobApplication,
  type JobApplicationList,
  type JobApplicationStatus,
  type JobPosition,
  type JobPositionList,
  type JobPositionSummary,
  jobApplicationBodySchema,
  type jobPositionBodySchema,
  type jobPositionChangeSchema,
} from '@marketplace/contract';
import slugify from '@sindresorhus/slugify';
import { and, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { composeMail, type Mailer } from '../../lib/mailer.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { removeTempFile, streamToTempFile } from '../../lib/temp-upload.ts';
import { recordAdminAction } from '../admin/index.ts';
import { addressKey, countRequest, type RequestLimit } from '../auth/index.ts';
import { renderSiteMarkdown } from '../guides/index.ts';
import { type JobApplicationRow, type JobPositionRow, jobApplications, jobPositions } from './schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Folder of the CVs in the private storage (never served under a public URL). */
export const CV_FOLDER = 'career-cv';
/** Name prefix of CVs being received. */
const TMP_PREFIX = 'career-cv-';

/** Applications per IP address (IPv6 by /64) and hour. */
export const JOB_APPLICATION_ADDRESS_LIMIT: RequestLimit = {
  bucket: 'job_application_address',
  max: 10,
  windowMs: HOUR_MS,
  reason: 'Zu viele Bewerbungen von dieser Adresse.',
};

/**
 * Applications per e-mail address and day: each one mails that address a confirmation, so the form
 * must not fill a stranger's inbox; three a day are more than one applicant sends.
 */
export const JOB_APPLICATION_EMAIL_LIMIT: RequestLimit = {
  bucket: 'job_application_email',
  max: 3,
  windowMs: 24 * HOUR_MS,
  reason: 'Zu viele Bewerbungen mit dieser E-Mail-Adresse.',
};

/** What the career service needs; the module's door builds it. */
export interface CareerDeps {
  db: Database;
  mailer: Mailer;
  /** Storage below `DATA_DIR/private`, outside the public media folder. */
  documents: MediaStorage;
  tmpDir: string;
  publicUrl: string;
  siteName: string;
}

function summaryOf(row: JobPositionRow): JobPositionSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    team: row.team,
    location: row.location,
    remote: row.remote,
    employment_type: row.employmentType,
    summary: row.summary,
    posted_at: row.postedAt.toISOString(),
  };
}

/** `GET /api/career/positions`: the open positions, newest first. */
export async function listOpenPositions(db: Database): Promise<JobPositionList> {
  const rows = await db
    .select()
    .from(jobPositions)
    .where(eq(jobPositions.status, 'open'))
    .orderBy(desc(jobPositions.postedAt), desc(jobPositions.id));
  return { positions: rows.map(summaryOf) };
}

/** The stored position at `/karriere/{slug}`, open or closed, or null. */
export async function findPositionBySlug(db: Database, slug: string): Promise<JobPositionRow | null> {
  const [row] = await db.select().from(jobPositions).where(eq(jobPositions.slug, slug)).limit(1);
  return row ?? null;
}

/**
 * `GET /api/career/positions/{slug}`: an open position with its sanitized HTML.
 * @throws AppError job_position_not_found (404) for an unknown slug, job_position_closed (410) for
 *   a closed position (as an ad that is gone answers 410)
 */
export async function readOpenPosition(db: Database, slug: string): Promise<JobPosition> {
  const row = await findPositionBySlug(db, slug);
  if (!row) throw new AppError('job_position_not_found');
  if (row.status !== 'open') throw new AppError('job_position_closed');
  return { ...summaryOf(row), html: row.html };
}

/** The sitemap entries of the career pages: every open position's slug and last change. */
export async function openPositionDates(db: Database): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: jobPositions.slug, updatedAt: jobPositions.updatedAt })
    .from(jobPositions)
    .where(eq(jobPositions.status, 'open'))
    .orderBy(desc(jobPositions.postedAt));
}

function adminPositionOf(row: JobPositionRow, applications: number): AdminJobPosition {
  return {
    ...summaryOf(row),
    html: row.html,
    body: row.body,
    status: row.status,
    applications,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `GET /api/admin/career/positions`: every position, open ones first, newest first, with its application count. */
export async function listAdminPositions(db: Database): Promise<AdminJobPositionList> {
  const rows = await db
    .select()
    .from(jobPositions)
    .orderBy(sql`${jobPositions.status} = 'open' desc`, desc(jobPositions.postedAt));
  const counts = await db
    .select({ positionId: jobApplications.positionId, n: count() })
    .from(jobApplications)
    .groupBy(jobApplications.positionId);
  const byPosition = new Map(counts.map((row) => [row.positionId, row.n]));
  return { positions: rows.map((row) => adminPositionOf(row, byPosition.get(row.id) ?? 0)) };
}

/** A page address from a title: ASCII, lower case, hyphens, at most 80 characters ('Entwickler:in' → `entwickler-in`). */
function slugOf(title: string): string {
  const slug = slugify(title, { locale: 'de', decamelize: false }).slice(0, 80).replace(/-+$/, '');
  return slug || 'stelle';
}

type PositionInput = z.output<typeof jobPositionBodySchema>;

/**
 * `POST /api/admin/career/positions`: an ADMIN opens a new position; its address is made from the
 * title once (a taken one gets a short random ending) and the text is rendered and sanitized
 * (`renderSiteMarkdown`). Position and audit log entry commit together.
 * @param adminId the ADMIN, or null for the demo data the system writes
 * @returns the position as the admins see it
 */
export async function createPosition(
  db: Database,
  adminId: string | null,
  body: PositionInput,
): Promise<AdminJobPosition> {
  const base = slugOf(body.title);
  for (let attempt = 0; ; attempt += 1) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobPositions)
        .values({
          slug,
          title: body.title,
          team: body.team,
          location: body.location,
          remote: body.remote,
          employmentType: body.employment_type,
          summary: body.summary,
          body: body.body,
          html: renderSiteMarkdown(body.body),
        })
        .onConflictDoNothing({ target: jobPositions.slug })
        .returning();
      if (!row) return null;
      await recordAdminAction(tx, {
        adminId,
        action: 'job_position_created',
        targetType: 'job_position',
        targetId: row.id,
        reason: 'Stelle ausgeschrieben',
        details: row.title,
      });
      return row;
    });
    if (created) return adminPositionOf(created, 0);
  }
}

/**
 * `PATCH /api/admin/career/positions/{id}`: an ADMIN changes a position's fields, closes it or opens
 * it again (reopening dates it anew). The address stays. Change and audit log entry commit together;
 * a change that changes nothing writes nothing.
 * @throws AppError job_position_not_found (404)
 */
export async function changePosition(
  db: Database,
  adminId: string,
  id: string,
  change: z.output<typeof jobPositionChangeSchema>,
): Promise<AdminJobPosition> {
  if (!isUuid(id)) throw new AppError('job_position_not_found');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(jobPositions).where(eq(jobPositions.id, id)).for('update');
    if (!before) throw new AppError('job_position_not_found');
    const now = new Date();
    const fields: Partial<typeof jobPositions.$inferInsert> = {};
    if (change.title !== undefined && change.title !== before.title) fields.title = change.title;
    if (change.team !== undefined && change.team !== before.team) fields.team = change.team;
    if (change.location !== undefined && change.location !== before.location)
      fields.location = change.location;
    if (change.remote !== undefined && change.remote !== before.remote) fields.remote = change.remote;
    if (change.employment_type !== undefined && change.employment_type !== before.employmentType)
      fields.employmentType = change.employment_type;
    if (change.summary !== undefined && change.summary !== before.summary) fields.summary = change.summary;
    if (change.body !== undefined && change.body !== before.body) {
      fields.body = change.body;
      fields.html = renderSiteMarkdown(change.body);
    }
    const statusChanged = change.status !== undefined && change.status !== before.status;
    if (statusChanged) {
      fields.status = change.status;
      if (change.status === 'open') fields.postedAt = now;
    }
    const [applications] = await tx
      .select({ n: count() })
      .from(jobApplications)
      .where(eq(jobApplications.positionId, id));
    if (Object.keys(fields).length === 0) return adminPositionOf(before, applications?.n ?? 0);
    const [after] = await tx
      .update(jobPositions)
      .set({ ...fields, updatedAt: now })
      .where(eq(jobPositions.id, id))
      .returning();
    if (!after) throw new AppError('job_position_not_found');
    const edited = Object.keys(fields).filter(
      (key) => key !== 'status' && key !== 'postedAt' && key !== 'html',
    );
    if (edited.length > 0) {
      await recordAdminAction(tx, {
        adminId,
        action: 'job_position_updated',
        targetType: 'job_position',
        targetId: id,
        reason: 'Stelle bearbeitet',
        details: `${after.title}: ${edited.join(', ')}`,
      });
    }
    if (statusChanged) {
      await recordAdminAction(tx, {
        adminId,
        action: change.status === 'open' ? 'job_position_reopened' : 'job_position_closed',
        targetType: 'job_position',
        targetId: id,
        reason: change.status === 'open' ? 'Stelle wieder ausgeschrieben' : 'Stelle geschlossen',
        details: after.title,
      });
    }
    return adminPositionOf(after, applications?.n ?? 0);
  });
}

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
