import {
  type AdminProfileList,
  type BusinessData,
  type ListingShop,
  type MyProfiles,
  namedLegalForm,
  type Profile,
  type ProfileContent,
  type ProfileDecision,
  type ProfileKind,
  type ProfileStatus,
  profileCreateSchema,
  profileDecisionSchema,
  profileDisplayName,
  profileTexts,
  profileUpdateSchema,
} from '@marketplace/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CategoryTree } from '../categories/index.ts';
import { claimProfileImages } from '../media/index.ts';
import { findPlace, townsWithin } from '../places/index.ts';
import { type Actor, displayName, findAccounts, isAdmin, isUserId } from '../users/index.ts';
import {
  businessVerificationState,
  businessVerificationStates,
  decideProfileVerificationInTransaction,
  type ProfileBusinessData,
  startProfileVerificationInTransaction,
} from '../verification/index.ts';
import { type BusinessProfileRow, businessProfiles } from './schema.ts';

/** What the profile service needs; the module's door builds it. */
export interface ShopDeps {
  db: Database;
  events: EventBus;
  categories: CategoryTree;
  /** The clock (tests move it); defaults to now. */
  now?: () => Date;
}

/** Most towns a provider page names for its service area. */
const AREA_TOWNS_MAX = 12;

const nowOf = (deps: ShopDeps) => deps.now?.() ?? new Date();

/** The verification's data from a profile's business data. */
function verificationData(business: BusinessData): ProfileBusinessData {
  return {
    name: business.name,
    legalForm: namedLegalForm(business.legal_form),
    street: business.street,
    postalCode: business.postal_code,
    city: business.city,
    phone: business.phone,
    email: business.email,
    registerNumber:
      [business.register_court, business.register_number].filter((part) => part !== '').join(', ') || null,
    vatId: business.vat_id || null,
  };
}

/** The business columns of a row from the business data. */
function businessColumns(business: BusinessData) {
  return {
    name: business.name,
    legalForm: business.legal_form,
    street: business.street,
    postalCode: business.postal_code,
    city: business.city,
    registerCourt: business.register_court || null,
    registerNumber: business.register_number || null,
    vatId: business.vat_id || null,
    email: business.email,
    phone: business.phone,
    website: business.website || null,
  };
}

/** Whether two versions of the business data differ in any field (a change goes back to review). */
function businessChanged(row: BusinessProfileRow, business: BusinessData): boolean {
  const next = businessColumns(business);
  return (Object.keys(next) as (keyof typeof next)[]).some((key) => row[key] !== next[key]);
}

/**
 * The slugs of `categories` checked against the category tree, each once.
 * @throws AppError validation (422) for an unknown category
 */
function checkCategories(deps: ShopDeps, categories: readonly string[]): string[] {
  const slugs = categories.map((value) => {
    const category = deps.categories.resolve(value);
    if (!category) throw new AppError('validation', `Feld 'categories': ${profileTexts.unknownCategory}`);
    return category.slug;
  });
  return [...new Set(slugs)];
}

/**
 * The point a profile is found at in the directory: a provider's service area centre, else
 * the business address's postal code.
 * @throws AppError validation (422) for an unknown postal code
 */
async function locateProfile(
  db: Database,
  kind: ProfileKind,
  business: BusinessData,
  area: ProfileContent['area'],
) {
  const code = kind === 'provider' && area ? area.postal_code : business.postal_code;
  const place = await findPlace(db, code, '');
  if (!place) {
    const field = kind === 'provider' && area ? 'area.postal_code' : 'business.postal_code';
    throw new AppError('validation', `Feld '${field}': ${profileTexts.unknownPostalCode}`);
  }
  return place;
}

/** The addresses of a profile's logo, banner and photos, the uploads it claims (decision 0041). */
function profileImages(images: Pick<ProfileContent, 'logo' | 'banner' | 'photos'>): string[] {
  return [
    ...(images.logo ? [images.logo] : []),
    ...(images.banner ? [images.banner] : []),
    ...images.photos.map((photo) => photo.url),
  ];
}

/** Parses `body` with `schema`, else a German 422 naming the field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new AppError(
    'validation',
    field ? `Feld '${field}': ${issue?.message}` : (issue?.message ?? 'Ungültige Eingabe'),
  );
}

/**
 * A profile as the answers carry it (contract `profileSchema`): categories with their names, a
 * provider's area with the towns it covers, `reason` for its owner and ADMINs only, and `can`.
 * @param verified whether the owner's business verification is approved, when the caller read it
 *   already for many profiles at once (else it is read here)
 */
export async function presentProfile(
  deps: ShopDeps,
  row: BusinessProfileRow,
  viewer: Actor | null,
  verified?: boolean,
): Promise<Profile> {
  const isOwner = viewer?.id === row.userId;
  const mayRead = isOwner || isAdmin(viewer);
  let area: Profile['area'] = null;
  if (row.kind === 'provider' && row.areaPostalCode && row.areaRadiusKm) {
    const place = await findPlace(deps.db, row.areaPostalCode, '');
    area = {
      postal_code: row.areaPostalCode,
      place: place?.place ?? '',
      radius_km: row.areaRadiusKm,
      towns: place ? await townsWithin(deps.db, place, row.areaRadiusKm, AREA_TOWNS_MAX) : [],
    };
  }
  const approved = verified ?? (await businessVerificationState(deps.db, row.userId)) === 'approved';
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: mayRead ? row.reason : null,
    owner_id: row.userId,
    display_name: profileDisplayName(row.name, row.legalForm),
    business: {
      name: row.name,
      legal_form: row.legalForm,
      street: row.street,
      postal_code: row.postalCode,
      city: row.city,
      register_court: row.registerCourt,
      register_number: row.registerNumber,
      vat_id: row.vatId,
      email: row.email,
      phone: row.phone,
      website: row.website,
    },
    description: row.description,
    categories: row.categories.flatMap((slug) => {
      const category = deps.categories.resolve(slug);
      return category ? [{ slug: category.slug, name: category.name }] : [];
    }),
    logo: row.logo,
    banner: row.banner,
    photos: row.photos,
    hours: row.hours,
    area,
    services: row.services,
    verified: approved,
    created_at: row.createdAt.toISOString(),
    can: { edit: isOwner, decide: isAdmin(viewer) },
  };
}

async function findRow(db: Database, id: string): Promise<BusinessProfileRow | null> {
  if (!isUserId(id)) return null;
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.id, id));
  return row ?? null;
}

/**
 * `POST /api/profiles` (/shop-registration): a member registers a shop or provider profile. It
 * waits for an ADMIN (`pending`); where the member has no approved business verification and no
 * open request, one is started from the business data in the same transaction. One shop and one
 * provider profile per member (unique index: holds under parallel submissions).
 * @throws AppError validation (422), conflict (409) for a second profile of the kind
 */
export async function createProfile(deps: ShopDeps, actor: Actor, body: unknown): Promise<Profile> {
  const input = parse(profileCreateSchema, body);
  const categories = checkCategories(deps, input.categories);
  const place = await locateProfile(deps.db, input.kind, input.business, input.area);
  const now = nowOf(deps);
  const row = await deps.events
    .transaction(deps.db, async (tx, emit) => {
      const [row] = await tx
        .insert(businessProfiles)
        .values({
          userId: actor.id,
          kind: input.kind,
          ...businessColumns(input.business),
          description: input.description,
          categories,
          logo: input.logo,
          banner: input.banner,
          photos: input.photos,
          hours: input.hours,
          areaPostalCode: input.kind === 'provider' ? (input.area?.postal_code ?? null) : null,
          areaRadiusKm: input.kind === 'provider' ? (input.area?.radius_km ?? null) : null,
          services: input.kind === 'provider' ? input.services : [],
          latitude: place.latitude,
          longitude: place.longitude,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await claimProfileImages(tx, profileImages(input), actor.id, row.id);
      await startProfileVerificationInTransaction(tx, emit, actor.id, verificationData(input.business), now);
      return row;
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
        throw new AppError('conflict', profileTexts.alreadyExists(input.kind));
      throw error;
    });
  return presentProfile(deps, row, actor);
}

/**
 * `PATCH /api/profiles/{id}`: the owner changes their profile. Changed business data send it
 * back to review (`pending`, a business verification started where none is approved or open);
 * texts, categories, logo, banner, photos, hours, area and services change without review. Any change of a
 * rejected profile sends it to review again.
 * @throws AppError not_found (404; also an unapproved profile of someone else), forbidden (403)
 *   for anyone but the owner, validation (422)
 */
export async function updateProfile(
  deps: ShopDeps,
  actor: Actor,
  id: string,
  body: unknown,
): Promise<Profile> {
  const input = parse(profileUpdateSchema, body);
  const row = await findRow(deps.db, id);
  if (!row || (row.status !== 'approved' && row.userId !== actor.id && !isAdmin(actor))) {
    throw new AppError('not_found', profileTexts.notFound);
  }
  if (row.userId !== actor.id) throw new AppError('forbidden', profileTexts.forbidden);
  const categories = input.categories ? checkCategories(deps, input.categories) : row.categories;
  const business: BusinessData = input.business ?? rowBusiness(row);

  const area =
    input.area !== undefined
      ? input.area
      : row.areaPostalCode && row.areaRadiusKm
        ? { postal_code: row.areaPostalCode, radius_km: row.areaRadiusKm }
        : null;
  if (row.kind === 'provider' && area === null) {
    throw new AppError('validation', `Feld 'area': ${profileTexts.areaMissing}`);
  }
  if (row.kind === 'shop' && input.hours?.length === 0) {
    throw new AppError('validation', `Feld 'hours': ${profileTexts.hoursMissing}`);
  }
  if (row.kind === 'provider' && input.services?.length === 0) {
    throw new AppError('validation', `Feld 'services': ${profileTexts.servicesMissing}`);
  }
  const place = await locateProfile(deps.db, row.kind, business, area);
  // A rejected profile goes back to review with any change; an approved one with new business data.
  const review =
    row.status === 'rejected' || (input.business !== undefined && businessChanged(row, input.business));
  const logo = input.logo !== undefined ? input.logo : row.logo;
  const banner = input.banner !== undefined ? input.banner : row.banner;
  const photos = input.photos ?? row.photos;
  const now = nowOf(deps);
  const updated = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [updated] = await tx
      .update(businessProfiles)
      .set({
        ...businessColumns(business),
        ...(review ? { status: 'pending' as const, reason: null, decidedAt: null, decidedBy: null } : {}),
        description: input.description ?? row.description,
        categories,
        logo,
        banner,
        photos,
        hours: input.hours ?? row.hours,
        areaPostalCode: row.kind === 'provider' ? (area?.postal_code ?? null) : null,
        areaRadiusKm: row.kind === 'provider' ? (area?.radius_km ?? null) : null,
        services: row.kind === 'provider' ? (input.services ?? row.services) : [],
        latitude: place.latitude,
        longitude: place.longitude,
        updatedAt: now,
      })
      .where(eq(businessProfiles.id, row.id))
      .returning();
    if (!updated) throw new AppError('not_found', profileTexts.notFound);
    if (input.logo !== undefined || input.banner !== undefined || input.photos !== undefined) {
      await claimProfileImages(tx, profileImages({ logo, banner, photos }), actor.id, row.id);
    }
    if (review)
      await startProfileVerificationInTransaction(tx, emit, actor.id, verificationData(business), now);
    return updated;
  });
  return presentProfile(deps, updated, actor);
}

/**
 * `GET /api/profiles/{id}`: an approved profile for everyone; a pending or rejected one only
 * for its owner and ADMINs.
 * @throws AppError not_found (404) for unknown and hidden profiles alike
 */
export async function getProfile(deps: ShopDeps, viewer: Actor | null, id: string): Promise<Profile> {
  const row = await findRow(deps.db, id);
  if (!row || (row.status !== 'approved' && viewer?.id !== row.userId && !isAdmin(viewer))) {
    throw new AppError('not_found', profileTexts.notFound);
  }
  return presentProfile(deps, row, viewer);
}

/** An approved profile of `kind` for the public pages (heads, rendering), else null. */
export async function findPublicProfile(
  deps: ShopDeps,
  kind: ProfileKind,
  id: string,
): Promise<Profile | null> {
  const row = await findRow(deps.db, id);
  if (!row || row.kind !== kind || row.status !== 'approved') return null;
  return presentProfile(deps, row, null);
}

/**
 * The approved shop of the member `sellerId`, as the ad page's seller card names it (contract
 * `listingShopSchema`), else null: the listings module's lookup (`app.sellerShops`).
 */
export async function sellerShop(deps: ShopDeps, sellerId: string): Promise<ListingShop | null> {
  if (!isUserId(sellerId)) return null;
  const [row] = await deps.db
    .select({
      id: businessProfiles.id,
      name: businessProfiles.name,
      legalForm: businessProfiles.legalForm,
      logo: businessProfiles.logo,
    })
    .from(businessProfiles)
    .where(
      and(
        eq(businessProfiles.userId, sellerId),
        eq(businessProfiles.kind, 'shop'),
        eq(businessProfiles.status, 'approved'),
      ),
    );
  return row ? { id: row.id, name: profileDisplayName(row.name, row.legalForm), logo: row.logo } : null;
}

/** `GET /api/profiles/me`: the member's shop and provider profile (null where there is none). */
export async function myProfiles(deps: ShopDeps, actor: Actor): Promise<MyProfiles> {
  const rows = await deps.db.select().from(businessProfiles).where(eq(businessProfiles.userId, actor.id));
  const of = async (kind: ProfileKind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? presentProfile(deps, row, actor) : null;
  };
  return { shop: await of('shop'), provider: await of('provider') };
}

/** `GET /api/admin/profiles`: profiles in one state, oldest first (at most 200), with the member. */
export async function listForAdmin(
  deps: ShopDeps,
  admin: Actor,
  status: ProfileStatus,
): Promise<AdminProfileList> {
  const rows = await deps.db
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.status, status))
    .orderBy(asc(businessProfiles.createdAt))
    .limit(200);
  const owners = [...new Set(rows.map((row) => row.userId))];
  const accounts = new Map((await findAccounts(deps.db, owners)).map((account) => [account.id, account]));
  // The owners' verification states in one query, not one per profile.
  const states = await businessVerificationStates(deps.db, owners);
  const profiles = [];
  for (const row of rows) {
    const account = accounts.get(row.userId);
    profiles.push({
      ...(await presentProfile(deps, row, admin, states.get(row.userId) === 'approved')),
      member_name: account ? displayName(account) : 'Gelöschtes Mitglied',
      member_email: account?.email ?? '',
    });
  }
  return { profiles };
}

/**
 * `POST /api/admin/profiles/{id}/decision`: an ADMIN approves a pending profile, or rejects it
 * with a reason its owner reads; the owner's open business verification is decided with it in
 * the same transaction (its `verification.decided` notifies the owner). Approving starts and
 * approves a business verification where the owner has none.
 * @throws AppError validation (422) without a reason, not_found (404), conflict (409) when it
 *   was decided already or the owner has another open verification
 */
export async function decideProfile(
  deps: ShopDeps,
  admin: Actor,
  id: string,
  body: ProfileDecision,
): Promise<Profile> {
  const decision = parse(profileDecisionSchema, body);
  const existing = await findRow(deps.db, id);
  if (!existing) throw new AppError('not_found', profileTexts.notFound);
  const approved = decision.decision === 'approve';
  const reason = decision.reason || null;
  const now = nowOf(deps);
  const row = await deps.events.transaction(deps.db, async (tx, emit) => {
    const [row] = await tx
      .update(businessProfiles)
      .set({ status: approved ? 'approved' : 'rejected', reason, decidedBy: admin.id, decidedAt: now })
      .where(and(eq(businessProfiles.id, existing.id), eq(businessProfiles.status, 'pending')))
      .returning();
    if (!row) throw new AppError('conflict', profileTexts.notPending);
    if (approved) {
      await startProfileVerificationInTransaction(
        tx,
        emit,
        row.userId,
        verificationData(rowBusiness(row)),
        now,
      );
    }
    await decideProfileVerificationInTransaction(tx, emit, {
      userId: row.userId,
      adminId: admin.id,
      approved,
      reason,
      now,
    });
    if (approved && (await businessVerificationState(tx, row.userId)) !== 'approved') {
      throw new AppError('conflict', profileTexts.otherVerificationOpen);
    }
    return row;
  });
  return presentProfile(deps, row, admin);
}

/** A row's business data in the contract's shape. */
function rowBusiness(row: BusinessProfileRow): BusinessData {
  return {
    name: row.name,
    legal_form: row.legalForm as BusinessData['legal_form'],
    street: row.street,
    postal_code: row.postalCode,
    city: row.city,
    register_court: row.registerCourt ?? '',
    register_number: row.registerNumber ?? '',
    vat_id: row.vatId ?? '',
    email: row.email,
    phone: row.phone,
    website: row.website ?? '',
  };
}
