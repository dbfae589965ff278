import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import healthRoutes from './routes.ts';

/**
 * The health module's only door (ARCHITECTURE.md "modules"): `GET /api/health` for load
 * balancers and monitoring.
 */
async function health(app: FastifyInstance) {
  await app.register(healthRoutes);
}

export default fp(health, { name: 'health', dependencies: ['database'] });
