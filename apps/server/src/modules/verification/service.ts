import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  type AdminVerification,
  type MyVerification,
  VERIFICATION_DOCUMENT_RETENTION_DAYS,
  VERIFICATION_DOCUMENT_TYPES,
  type Verification,
  type VerificationStatus,
  verificationDecisionSchema,
  verificationRequestDataSchema,
  verificationTexts,
} from '@marketplace/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { removeTempFile, streamToTempFile } from '../../lib/temp-upload.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { type EncodeLimiter, renderVariants } from '../media/index.ts';
import { type Actor, displayName, findAccounts, isAdmin, isUserId } from '../users/index.ts';
import { type SellerVerificationRow, sellerVerifications } from './schema.ts';
import './events.ts';

/** Folder of the documents in the private storage (never served under a public URL). */
export const DOCUMENT_FOLDER = 'verification';
/** Name prefix of documents being received. */
const TMP_PREFIX = 'verification-';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the verification service needs; the module's door builds it. */
export interface VerificationDeps {
  db: Database;
  events: EventBus;
  /** Storage below `DATA_DIR/private`, outside the public media folder. */
  documents: MediaStorage;
  /** Encodes photos of documents (metadata stripped) one or two at a time. */
  limiter: EncodeLimiter;
  tmpDir: string;
  /** The clock (tests move it); defaults to now. */
  now?: () => Date;
}

const nowOf = (deps: VerificationDeps) => deps.now?.() ?? new Date();

/** A request in the answers' shape; `document_url` while the document exists. */
export function toVerification(row: SellerVerificationRow): Verification {
  const hasDocument = row.documentName !== null && row.documentDeletedAt === null;
  return {
    id: row.id,
    user_id: row.userId,
    kind: row.kind,
    status: row.status,
    name: row.name,
    legal_form: row.legalForm,
    street: row.street,
    postal_code: row.postalCode,
    city: row.city,
    phone: row.phone,
    email: row.email,
    register_number: row.registerNumber,
    vat_id: row.vatId,
    document_url: hasDocument ? `/api/verification/${row.id}/document` : null,
    document_type: hasDocument ? row.documentType : null,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Streams an uploaded document into a temporary file under `tmpDir` (never whole in memory).
 * @returns the temporary file; the caller removes it with `discardUpload`
 * @throws AppError payload_too_large (413) above the multipart limit
 */
export function receiveUpload(
  deps: VerificationDeps,
  file: Readable & { truncated?: boolean },
): Promise<string> {
  return streamToTempFile(
    file,
    deps.tmpDir,
    TMP_PREFIX,
    () => new AppError('payload_too_large', verificationTexts.tooLarge),
  );
}

/** Removes a temporary upload; a missing file is no error. */
export const discardUpload = removeTempFile;

/** Whether the member may send a new request: none open and not verified. */
async function openOrApproved(db: Database, userId: string): Promise<'pending' | 'approved' | null> {
  const rows = await db
    .select({ status: sellerVerifications.status })
    .from(sellerVerifications)
    .where(
      and(
        eq(sellerVerifications.userId, userId),
        inArray(sellerVerifications.status, ['pending', 'approved']),
      ),
    )
    .limit(1);
  const status = rows[0]?.status;
  return status === 'pending' || status === 'approved' ? status : null;
}

/**
 * Checks and stores a document: its type by its bytes (JPEG, PNG, WebP or PDF; the name and
 * declared type do not count). Photos are encoded again as WebP (at most 1920 px) through the
 * media module's `renderVariants`, which drops EXIF (GPS), XMP and IPTC; PDFs are kept as sent.
 * @returns the stored name and its MIME type
 * @throws AppError unsupported_image (415) for another type or a photo that cannot be decoded
 */
async function storeDocument(
  deps: VerificationDeps,
  tmp: string,
): Promise<{ name: string; type: string; bytes: number }> {
  const detected = await fileTypeFromFile(tmp);
  const mime = detected?.mime ?? '';
  if (!(VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(mime)) {
    throw new AppError('unsupported_image', verificationTexts.wrongType);
  }
  let data: Buffer;
  let type: string;
  let extension: string;
  if (mime === 'application/pdf') {
    data = await fs.promises.readFile(tmp);
    type = 'application/pdf';
    extension = 'pdf';
  } else {
    try {
      data = (await renderVariants(tmp, deps.limiter)).full;
    } catch {
      throw new AppError('unsupported_image', verificationTexts.unreadable);
    }
    type = 'image/webp';
    extension = 'webp';
  }
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await deps.documents.write(DOCUMENT_FOLDER, name, data);
  return { name, type, bytes: data.length };
}

/**
 * `POST /api/verification`: a member asks to be verified as a private seller or a business
 * (DSA Art. 30), with the JSON of the multipart field `data` and one document. One open request
 * per member (a partial unique index, so it holds under parallel requests); a rejected member
 * may ask again, a verified member not. The stored document is removed again on any failure.
 * @param rawData the text of the field `data`
 * @param tmp the document `receiveUpload` wrote
 * @throws AppError validation (422) for bad fields, unsupported_image (415), conflict (409)
 */
export async function createRequest(
  deps: VerificationDeps,
  actor: Actor,
  rawData: string | undefined,
  tmp: string,
): Promise<Verification> {
  if (rawData === undefined) throw new AppError('validation', verificationTexts.missingData);
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    throw new AppError('validation', verificationTexts.missingData);
  }
  const parsed = verificationRequestDataSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation', issue?.message ?? verificationTexts.missingData);
  }
  const data = parsed.data;
  const state = await openOrApproved(deps.db, actor.id);
  if (state === 'pending') throw new AppError('conflict', verificationTexts.alreadyOpen);
  if (state === 'approved') throw new AppError('conflict', verificationTexts.alreadyVerified);
  const document = await storeDocument(deps, tmp);
  try {
    const business = data.kind === 'business' ? data : null;
    const [row] = await deps.db
      .insert(sellerVerifications)
      .values({
        userId: actor.id,
        kind: data.kind,
        name: data.name,
        legalForm: business?.legal_form ?? null,
        street: data.street,
        postalCode: data.postal_code,
        city: data.city,
        phone: data.phone,
        email: business?.email ?? null,
        registerNumber: business?.register_number || null,
        vatId: business?.vat_id || null,
        documentName: document.name,
        documentType: document.type,
        documentBytes: document.bytes,
        createdAt: nowOf(deps),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await deps.events.publish('verification.requested', { verificationId: row.id, userId: actor.id });
    return toVerification(row);
  } catch (error) {
    await deps.documents.remove(DOCUMENT_FOLDER, document.name);
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new AppError('conflict', verificationTexts.alreadyOpen);
    }
    throw error;
  }
}

/** `GET /api/verification/me`: the member's latest request and whether a new one may be sent. */
export async function myVerification(deps: VerificationDeps, actor: Actor): Promise<MyVerification> {
  const [latest] = await deps.db
    .select()
    .from(sellerVerifications)
    .where(eq(sellerVerifications.userId, actor.id))
    .orderBy(desc(sellerVerifications.createdAt))
    .limit(1);
  const state = await openOrApproved(deps.db, actor.id);
  return { verification: latest ? toVerification(latest) : null, can_apply: state === null };
}

async function findRow(db: Database, id: string): Promise<SellerVerificationRow | null> {
  if (!isUserId(id)) return null;
  const [row] = await db.select().from(sellerVerifications).where(eq(sellerVerifications.id, id));
  return row ?? null;
}

async function withMembers(db: Database, rows: SellerVerificationRow[]): Promise<AdminVerification[]> {
  const accounts = await findAccounts(db, [...new Set(rows.map((row) => row.userId))]);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return rows.map((row) => {
    const account = byId.get(row.userId);
    return {
      ...toVerification(row),
      member_name: account ? displayName(account) : 'Gelöschtes Mitglied',
      member_email: account?.email ?? '',
    };
  });
}

/** `GET /api/admin/verifications`: requests in one state, oldest first (at most 200). */
export async function listForAdmin(
  deps: VerificationDeps,
  status: VerificationStatus,
): Promise<AdminVerification[]> {
  const rows = await deps.db
    .select()
    .from(sellerVerifications)
    .where(eq(sellerVerifications.status, status))
    .orderBy(asc(sellerVerifications.createdAt))
    .limit(200);
  return withMembers(deps.db, rows);
}

/** `GET /api/admin/verifications/{id}`. @throws AppError not_found (404) */
export async function getForAdmin(deps: VerificationDeps, id: string): Promise<AdminVerification> {
  const row = await findRow(deps.db, id);
  if (!row) throw new AppError('not_found', verificationTexts.notFound);
  const [answer] = await withMembers(deps.db, [row]);
  if (!answer) throw new AppError('not_found', verificationTexts.notFound);
  return answer;
}

/**
 * `POST /api/admin/verifications/{id}/decision`: an ADMIN approves, or rejects with a reason, a
 * pending request; only one decision counts (the update requires `pending`). Emits
 * `verification.decided` in the same transaction, so the member is notified.
 * @throws AppError validation (422) without a reason for a rejection, not_found (404),
 *   conflict (409) when it was decided already
 */
export async function decide(
  deps: VerificationDeps,
  admin: Actor,
  id: string,
  body: unknown,
): Promise<AdminVerification> {
  const parsed = verificationDecisionSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('validation', parsed.error.issues[0]?.message ?? verificationTexts.reasonRequired);
  }
  const existing = await findRow(deps.db, id);
  if (!existing) throw new AppError('not_found', verificationTexts.notFound);
  const approved = parsed.data.decision === 'approve';
  const row = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [row] = await tx
      .update(sellerVerifications)
      .set({
        status: approved ? 'approved' : 'rejected',
        reason: parsed.data.reason || null,
        decidedBy: admin.id,
        decidedAt: nowOf(deps),
      })
      .where(and(eq(sellerVerifications.id, existing.id), eq(sellerVerifications.status, 'pending')))
      .returning();
    if (!row) throw new AppError('conflict', verificationTexts.notPending);
    // The member's notification and the audit row are durable reactions (decision 0022).
    emit('verification.decided', {
      verificationId: row.id,
      userId: row.userId,
      adminId: admin.id,
      kind: row.kind,
      approved,
      reason: row.reason,
    });
    return row;
  });
  return getForAdmin(deps, row.id);
}

/**
 * A request's document for `GET /api/verification/{id}/document`: only its owner and ADMINs
 * read it; everyone else, visitors included, gets 403 (the answer does not tell whether the
 * request exists).
 * @throws AppError forbidden (403), not_found (404) once the document was deleted
 */
export async function readDocument(
  deps: VerificationDeps,
  viewer: Actor | null,
  id: string,
): Promise<{ stream: Readable; size: number; type: string }> {
  const forbidden = new AppError('forbidden', verificationTexts.documentForbidden);
  if (!viewer) throw forbidden;
  const row = await findRow(deps.db, id);
  if (!row || (row.userId !== viewer.id && !isAdmin(viewer))) throw forbidden;
  const file =
    row.documentName && row.documentDeletedAt === null
      ? await deps.documents.read(DOCUMENT_FOLDER, row.documentName)
      : null;
  if (!file) throw new AppError('not_found', verificationTexts.documentGone);
  return { ...file, type: row.documentType ?? 'application/octet-stream' };
}

/**
 * Deletes the documents of requests decided 30 days ago or longer (the file, then the mark
 * `document_deleted_at`); the request itself stays as the record of the decision.
 * @returns how many documents were deleted
 */
export async function removeExpiredDocuments(deps: VerificationDeps): Promise<number> {
  const now = nowOf(deps);
  const before = new Date(now.getTime() - VERIFICATION_DOCUMENT_RETENTION_DAYS * DAY_MS);
  const due = await deps.db
    .select({ id: sellerVerifications.id, name: sellerVerifications.documentName })
    .from(sellerVerifications)
    .where(
      and(
        isNotNull(sellerVerifications.decidedAt),
        lte(sellerVerifications.decidedAt, before),
        isNull(sellerVerifications.documentDeletedAt),
        isNotNull(sellerVerifications.documentName),
      ),
    )
    .limit(500);
  for (const row of due) {
    if (row.name) await deps.documents.remove(DOCUMENT_FOLDER, row.name);
    await deps.db
      .update(sellerVerifications)
      .set({ documentDeletedAt: now })
      .where(eq(sellerVerifications.id, row.id));
  }
  return due.length;
}
