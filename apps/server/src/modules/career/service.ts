import { randomBytes } from 'node:crypto';
import type {
  AdminJobPosition,
  AdminJobPositionList,
  JobPosition,
  JobPositionList,
  JobPositionSummary,
  jobPositionBodySchema,
  jobPositionChangeSchema,
} from '@marketplace/contract';
import slugify from '@sindresorhus/slugify';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { recordAdminAction } from '../admin/index.ts';
import type { RequestLimit } from '../auth/index.ts';
import { renderSiteMarkdown } from '../guides/index.ts';
import { type JobPositionRow, jobApplications, jobPositions } from './schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Folder of the CVs in the private storage (never served under a public URL). */
export const CV_FOLDER = 'career-cv';

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
