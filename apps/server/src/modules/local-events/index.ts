import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverNotifications, notifyMemberInTransaction } from '../notifications/index.ts';
import { sitemapEvents } from './queries.ts';
import localEventRoutes from './routes.ts';
import { getEvent, type LocalEventDeps } from './service.ts';
import { eventNotificationText } from './texts.ts';
import './events.ts';

/**
 * The local events' only door (ARCHITECTURE.md "modules"): events of /events that members
 * publish, find by place, radius, date and category, and take part in (contract
 * local-events.ts). It notifies the participants of a changed or cancelled event through the
 * durable reaction `notifications.local_event` to `local_event.changed` (docs/decisions/0022),
 * in the app and by mail per their settings (type `event`). The heads and the sitemap of the
 * event pages go to the web-app plugin through `app.localEvents`.
 */
export { type EventPage, eventListPage, eventPage, eventSitemap } from './heads.ts';
export { countUpcomingEvents, type ParticipatedEvent, participatedEvents } from './queries.ts';
export { createEvent, joinEvent, type LocalEventDeps } from './service.ts';

/** What the web-app plugin reads of the events: one event (as a visitor) and the sitemap's entries. */
export interface LocalEventPages {
  find(id: string): Promise<import('@marketplace/contract').LocalEvent | null>;
  sitemapEntries(): Promise<{ id: string; updatedAt: Date }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event pages' data for the web-app plugin (heads, sitemap). */
    localEvents: LocalEventPages;
  }
}

/** Options of the local-events plugin: the site's address and name (mails, calendar files). */
export interface LocalEventsOptions {
  site: { publicUrl: string; siteName: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function localEventsModule(app: FastifyInstance, options: LocalEventsOptions) {
  const deps: LocalEventDeps = { db: app.database.db, events: app.events };
  const writeDeps = {
    realtime: app.realtime,
    mailer: app.mailer,
    publicUrl: options.site.publicUrl,
    siteName: options.site.siteName,
  };
  app.events.react('local_event.changed', 'notifications.local_event', async (event, reaction) => {
    const text = eventNotificationText(event.kind, event.eventId, event.title);
    const delivered: Parameters<typeof deliverNotifications>[1][number][] = [];
    for (const userId of event.recipientIds) {
      const notification = await notifyMemberInTransaction(reaction.tx, writeDeps, userId, text, {
        userId: null,
        listingId: null,
      });
      if (notification) delivered.push({ userId, notification });
    }
    reaction.afterCommit(() => deliverNotifications(app.realtime, delivered));
  });
  app.decorate('localEvents', {
    async find(id: string) {
      if (!UUID.test(id)) return null;
      try {
        return await getEvent(deps.db, id, null);
      } catch {
        return null;
      }
    },
    sitemapEntries: () => sitemapEvents(deps.db),
  } satisfies LocalEventPages);
  await app.register(localEventRoutes, { deps, site: options.site });
}

export default fp(localEventsModule, {
  name: 'local-events',
  dependencies: ['database', 'events', 'auth', 'mailer', 'realtime', 'notifications', 'places', 'media'],
});
