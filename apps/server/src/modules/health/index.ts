import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import healthRoutes from './routes.ts';

/**
 * The health module's only door (ARCHITECTURE.md "modules"): liveness `GET /api/health` and
 * readiness `GET /api/health/ready` for load balancers and monitoring.
 */
async function health(app: FastifyInstance) {
  await app.register(healthRoutes);
}

export default fp(health, { name: 'health', dependencies: ['database', 'events'] });
