/**
 * The database schema. Each module owns its tables; this file re-exports them so that
 * drizzle-kit generates one migration history for the whole product.
 */

export * from '../jobs/schema.ts';
export * from '../modules/admin/schema.ts';
export * from '../modules/analytics/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/calendar/schema.ts';
export * from '../modules/career/schema.ts';
export * from '../modules/categories/schema.ts';
export * from '../modules/chat/schema.ts';
export * from '../modules/contact/schema.ts';
export * from '../modules/favorites/schema.ts';
export * from '../modules/follows/schema.ts';
export * from '../modules/forum/schema.ts';
export * from '../modules/listings/schema.ts';
export * from '../modules/local-events/schema.ts';
export * from '../modules/media/schema.ts';
export * from '../modules/moderation/schema.ts';
export * from '../modules/news/schema.ts';
export * from '../modules/notifications/schema.ts';
export * from '../modules/partner/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/places/schema.ts';
export * from '../modules/ratings/schema.ts';
export * from '../modules/reports/schema.ts';
export * from '../modules/saved-searches/schema.ts';
export * from '../modules/shops/schema.ts';
export * from '../modules/stories/schema.ts';
export * from '../modules/templates/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../modules/verification/schema.ts';
export * from '../realtime/schema.ts';
