import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverNotifications, notifyMemberInTransaction } from '../notifications/index.ts';
import { displayName, findAccounts } from '../users/index.ts';
import '../chat/events.ts';
import calendarRoutes from './routes.ts';
import { type CalendarDeps, sendAppointmentReminders } from './service.ts';
import { appointmentNotificationText } from './texts.ts';

export { type CalendarDeps, sendAppointmentReminders } from './service.ts';

/** The reminders' schedule: every minute (cron, UTC), so a reminder comes about an hour before. */
const REMINDER_CRON = '* * * * *';

/** Options of the calendar plugin: the site's address and name (feed addresses, PRODID). */
export interface CalendarOptions {
  site: { publicUrl: string; siteName: string };
}

/**
 * The calendar's only door (ARCHITECTURE.md "modules"; SPEC.md §2 /calendar): the member's
 * appointments agreed in chat (through `app.chatAppointments`) and the local events they take
 * part in, the personal iCalendar subscription, the notifications of each appointment step (the
 * durable reaction `notifications.appointment` to `appointment.changed`,
 * docs/decisions/0022) and the reminder one hour before (the job `calendar.reminders`, once
 * across instances, docs/decisions/0014).
 */
async function calendarModule(app: FastifyInstance, options: CalendarOptions) {
  const deps: CalendarDeps = {
    db: app.database.db,
    appointments: app.chatAppointments,
    publicUrl: options.site.publicUrl,
    siteName: options.site.siteName,
  };
  const write = {
    realtime: app.realtime,
    mailer: app.mailer,
    publicUrl: options.site.publicUrl,
    siteName: options.site.siteName,
  };
  app.events.react('appointment.changed', 'notifications.appointment', async (event, reaction) => {
    const [actor] = await findAccounts(reaction.tx, [event.actorId]);
    const actorName = actor ? displayName(actor) : 'Benutzer';
    const delivered: Parameters<typeof deliverNotifications>[1][number][] = [];
    for (const userId of event.recipientIds) {
      const toActor = userId === event.actorId;
      const text = appointmentNotificationText(
        { ...event, startsAt: new Date(event.startsAt) },
        actorName,
        toActor,
      );
      const notification = await notifyMemberInTransaction(reaction.tx, write, userId, text, {
        userId: toActor ? null : event.actorId,
        listingId: event.listingId,
      });
      if (notification) delivered.push({ userId, notification });
    }
    reaction.afterCommit(() => deliverNotifications(app.realtime, delivered));
  });
  await app.jobs.every('calendar.reminders', REMINDER_CRON, async () => {
    await sendAppointmentReminders({ ...deps, write });
  });
  await app.register(calendarRoutes, { deps });
}

export default fp(calendarModule, {
  name: 'calendar',
  dependencies: [
    'database',
    'events',
    'auth',
    'jobs',
    'mailer',
    'realtime',
    'notifications',
    'chat',
    'local-events',
  ],
});
