import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobQueue, startJobQueue } from '../jobs/queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs and e-mail on pg-boss (docs/decisions/0014-job-queue.md). */
    jobs: JobQueue;
  }
}

/**
 * Opens the job queue on the application's database (ARCHITECTURE.md "limits, jobs"). Modules
 * declare their workers and schedules on `app.jobs`; closing the application stops the workers
 * after their running jobs (before the database closes), and jobs not yet run stay queued for
 * the next start of any instance.
 */
async function jobs(app: FastifyInstance) {
  const queue = await startJobQueue(app.database, app.log);
  app.decorate('jobs', queue);
  app.addHook('onClose', async () => {
    await queue.stop();
  });
}

export default fp(jobs, { name: 'jobs', dependencies: ['database'] });
