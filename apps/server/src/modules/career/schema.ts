import {
  CAREER_TEAMS,
  EMPLOYMENT_TYPES,
  JOB_APPLICATION_STATUSES,
  JOB_POSITION_STATUSES,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

/**
 * The positions of the career page (/karriere), kept by the ADMINs at /admin. `slug` is the page's
 * address, fixed when the position is created; `body` is the ADMIN's Markdown and `html` its
 * sanitized rendering. `posted_at` is when it was (last) opened; a closed position stays stored
 * (its applications point to it) and its page answers 410.
 */
export const jobPositions = pgTable(
  'job_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    team: text('team', { enum: CAREER_TEAMS }).notNull(),
    location: text('location').notNull(),
    remote: boolean('remote').notNull().default(false),
    employmentType: text('employment_type', { enum: EMPLOYMENT_TYPES }).notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: JOB_POSITION_STATUSES }).notNull().default('open'),
    postedAt: timestamp('posted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('job_positions_slug_idx').on(table.slug),
    check('job_positions_status', sql`${table.status} in ('open', 'closed')`),
    check('job_positions_employment_type', sql`${table.employmentType} in ('full_time', 'part_time')`),
    index('job_positions_open_idx').on(table.status, table.postedAt.desc()),
  ],
);

export type JobPositionRow = typeof jobPositions.$inferSelect;

/**
 * Applications to a position, read by the ADMINs at /admin. The applicant agreed that the
 * application is stored and processed for the position (`consent`), so a row exists only with that
 * consent. `cv_name` is a PDF in the private storage (`DATA_DIR/private/career-cv`), never under a
 * public address; only `GET /api/admin/career/applications/{id}/cv` serves it.
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => jobPositions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    cvName: text('cv_name').notNull(),
    cvBytes: integer('cv_bytes').notNull(),
    status: text('status', { enum: JOB_APPLICATION_STATUSES }).notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, precision: 3 }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('job_applications_status', sql`${table.status} in ('new', 'in_progress', 'done')`),
    index('job_applications_created_idx').on(table.createdAt.desc()),
    index('job_applications_status_idx').on(table.status, table.createdAt.desc()),
    index('job_applications_position_idx').on(table.positionId),
  ],
);

export type JobApplicationRow = typeof jobApplications.$inferSelect;
