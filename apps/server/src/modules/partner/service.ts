import {
  PARTNER_ENQUIRY_RECEIVED,
  PARTNER_TYPE_NAMES,
  type PartnerEnquiry,
  type PartnerEnquiryList,
  type PartnerEnquiryStatus,
  type PartnerType,
} from '@marketplace/contract';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { composeMail, type Mailer } from '../../lib/mailer.ts';
import { recordAdminAction } from '../admin/index.ts';
import { addressKey, countRequest, type RequestLimit } from '../auth/index.ts';
import { type PartnerEnquiryRow, partnerEnquiries } from './schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Partner enquiries per IP address (IPv6 by /64) and hour. */
export const PARTNER_ENQUIRY_ADDRESS_LIMIT: RequestLimit = {
  bucket: 'partner_enquiry_address',
  max: 10,
  windowMs: HOUR_MS,
  reason: 'Zu viele Partneranfragen von dieser Adresse.',
};

/**
 * Partner enquiries per e-mail address and day: each one mails that address a confirmation, so
 * the form must not become a way to fill a stranger's inbox, and three enquiries a day are more
 * than a business sends.
 */
export const PARTNER_ENQUIRY_EMAIL_LIMIT: RequestLimit = {
  bucket: 'partner_enquiry_email',
  max: 3,
  windowMs: 24 * HOUR_MS,
  reason: 'Zu viele Partneranfragen mit dieser E-Mail-Adresse.',
};

export interface PartnerDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  siteName: string;
}

/** An enquiry as the form sends it, checked by the contract's `partnerEnquiryBodySchema`. */
export interface PartnerEnquiryInput {
  company: string;
  contact_name: string;
  email: string;
  phone?: string | undefined;
  partner_type: PartnerType;
  message: string;
}

/**
 * Stores an enquiry of /partner-werden and queues its confirmation mail to the enquirer, in one
 * transaction with both counts: a refused or failed enquiry counts nothing, and the mail job
 * exists exactly when the enquiry does, so it is delivered after a crash like every mail
 * (docs/decisions/0014-job-queue.md). The mail names the partner type but never repeats what was
 * typed (company, name, message), so nobody can send their own words to a stranger through it.
 * The address is counted before the e-mail, in every request alike, so two requests never wait
 * for each other's lock in turn.
 * @throws AppError rate_limited (429) above {@link PARTNER_ENQUIRY_ADDRESS_LIMIT} or
 *   {@link PARTNER_ENQUIRY_EMAIL_LIMIT}
 */
export async function receivePartnerEnquiry(
  deps: PartnerDeps,
  body: PartnerEnquiryInput,
  ip: string,
): Promise<{ detail: string }> {
  await deps.db.transaction(async (tx) => {
    await countRequest(tx, PARTNER_ENQUIRY_ADDRESS_LIMIT, addressKey(ip));
    await countRequest(tx, PARTNER_ENQUIRY_EMAIL_LIMIT, body.email);
    await tx.insert(partnerEnquiries).values({
      company: body.company,
      contactName: body.contact_name,
      email: body.email,
      phone: body.phone ? body.phone : null,
      partnerType: body.partner_type,
      message: body.message,
    });
    await deps.mailer.send(
      composeMail(
        body.email,
        `Deine Partneranfrage bei ${deps.siteName} ist angekommen`,
        'Hallo,',
        `danke für deine Anfrage als ${PARTNER_TYPE_NAMES[body.partner_type]}. Wir haben sie erhalten, prüfen sie und melden uns per E-Mail an diese Adresse bei dir. Was Partner bei uns erwartet, kannst du hier nachlesen:`,
        `${deps.publicUrl}/partner-werden`,
        ['Wenn du uns nicht geschrieben hast, kannst du diese E-Mail ignorieren.'],
        deps.siteName,
      ),
      { db: tx },
    );
  });
  return { detail: PARTNER_ENQUIRY_RECEIVED };
}

/** An enquiry as the admins' inbox shows it. */
function present(row: PartnerEnquiryRow): PartnerEnquiry {
  return {
    id: row.id,
    company: row.company,
    contact_name: row.contactName,
    email: row.email,
    phone: row.phone,
    partner_type: row.partnerType,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
  };
}

/**
 * The admins' inbox: enquiries newest first, `limit` from `offset`, of one `status` or all; their
 * total (of that status), and how many are still open (new or in progress).
 */
export async function listPartnerEnquiries(
  db: Database,
  page: { limit: number; offset: number; status?: PartnerEnquiryStatus | undefined },
): Promise<PartnerEnquiryList> {
  const where = page.status ? eq(partnerEnquiries.status, page.status) : undefined;
  const rows = await db
    .select()
    .from(partnerEnquiries)
    .where(where)
    .orderBy(desc(partnerEnquiries.createdAt), desc(partnerEnquiries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(partnerEnquiries).where(where);
  const [open] = await db
    .select({ n: count() })
    .from(partnerEnquiries)
    .where(inArray(partnerEnquiries.status, ['new', 'in_progress']));
  return { enquiries: rows.map(present), total: total?.n ?? 0, open: open?.n ?? 0 };
}

/**
 * Sets an enquiry's status (an admin marks it in progress, handled, or opens it again) and
 * notes when and by whom; setting the status it has changes nothing.
 * @returns the enquiry as it is now
 * @throws AppError partner_enquiry_not_found (404) for an unknown id
 */
export async function changePartnerEnquiryStatus(
  db: Database,
  adminId: string,
  id: string,
  status: PartnerEnquiryStatus,
): Promise<PartnerEnquiry> {
  if (!isUuid(id)) throw new AppError('partner_enquiry_not_found');
  const row = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(partnerEnquiries)
      .set({ status, statusChangedAt: new Date(), statusChangedBy: adminId })
      .where(and(eq(partnerEnquiries.id, id), ne(partnerEnquiries.status, status)))
      .returning();
    if (changed) {
      await recordAdminAction(tx, {
        adminId,
        action: 'partner_enquiry_status_changed',
        targetType: 'partner_enquiry',
        targetId: id,
        reason: 'Status der Partneranfrage geändert',
        details: status,
      });
      return changed;
    }
    const [unchanged] = await tx.select().from(partnerEnquiries).where(eq(partnerEnquiries.id, id));
    if (!unchanged) throw new AppError('partner_enquiry_not_found');
    return unchanged;
  });
  return present(row);
}
