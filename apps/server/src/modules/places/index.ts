import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import placeRoutes from './routes.ts';
import { ensurePostalCodes } from './service.ts';

/**
 * The places module's only door (ARCHITECTURE.md "modules", docs/decisions/0006-module-doors.md):
 * German postal codes and places. Other modules import from here, never this folder's files.
 */
/** The bundled postal code list (GeoNames), read and checked without a database. */
export { isTownName, POSTAL_CODES_CSV, readPostalCodes } from './postal-codes.ts';
export {
  ensurePostalCodes,
  findPlace,
  type Location,
  locate,
  locateMany,
  postalCodeExists,
  selectPlacesByCodes,
  townsWithin,
} from './service.ts';

/**
 * Registers the places module: loads the GeoNames postal codes on the first start and
 * answers `GET /api/places?q=`.
 */
async function places(app: FastifyInstance) {
  const loaded = await ensurePostalCodes(app.database.db);
  if (loaded > 0) app.log.info({ rows: loaded }, 'postal codes loaded');
  await app.register(placeRoutes);
}

export default fp(places, { name: 'places', dependencies: ['database'] });
