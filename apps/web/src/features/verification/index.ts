/**
 * The door of seller verification (DSA Art. 30): /seller-verification, /verification-status and
 * the ADMIN queue /admin/verifications, all loaded lazily.
 */
export { verificationPages } from './pages.ts';
