import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatAppointments } from '../../modules/chat/index.ts';
import { findAccountByEmail } from '../../modules/users/index.ts';
import type { Database } from '../client.ts';
import { chatAppointments, listings } from '../schema.ts';
import { berlinWallTime } from './events.ts';
import { DEMO_MEMBERS, demoEmail } from './members.ts';

/** The demo appointments: who asks (index of the demo member), the greeting, the kind, the day and hour, the place, agreed or not. */
const DEMO_APPOINTMENTS = [
  {
    buyer: 0,
    greeting: 'Hallo! Ist der Artikel noch zu haben? Ich würde ihn mir gern ansehen.',
    type: 'viewing',
    day: 2,
    hour: 18,
    place: 'Vor dem Haupteingang, Marienplatz',
    note: 'Ich komme mit dem Rad, ca. 10 Minuten Puffer.',
    accept: true,
  },
  {
    buyer: 1,
    greeting: 'Guten Tag, ich nehme es gern. Wann kann ich es abholen?',
    type: 'pickup',
    day: 4,
    hour: 10,
    place: 'Hinterhof, Aufgang B',
    note: '',
    accept: true,
  },
  {
    buyer: 2,
    greeting: 'Hi, passt dir Samstagvormittag für eine Besichtigung?',
    type: 'viewing',
    day: 6,
    hour: 11,
    place: 'Bahnhofsvorplatz, am Kiosk',
    note: 'Bitte kurz vorher im Chat Bescheid geben.',
    accept: false,
  },
] as const;

/**
 * Demo appointments agreed in chat (SEED_DEMO=1), so /calendar and the chat show them on a first
 * start: three demo members ask about an active ad of the next demo member and propose a viewing
 * or pickup; two are accepted. Only while no appointment exists yet.
 * @returns how many were proposed
 */
export async function seedDemoAppointments(
  deps: { db: Database; appointments: ChatAppointments; log: FastifyBaseLogger },
  now = Date.now(),
): Promise<number> {
  const [existing] = await deps.db.select({ n: count() }).from(chatAppointments);
  if ((existing?.n ?? 0) > 0) return 0;
  let proposed = 0;
  for (const demo of DEMO_APPOINTMENTS) {
    const buyerMember = DEMO_MEMBERS[demo.buyer];
    const sellerMember = DEMO_MEMBERS[demo.buyer + 1];
    if (!buyerMember || !sellerMember) continue;
    const [buyer, seller] = await Promise.all([
      findAccountByEmail(deps.db, demoEmail(buyerMember)),
      findAccountByEmail(deps.db, demoEmail(sellerMember)),
    ]);
    if (!buyer || !seller) continue;
    const [ad] = await deps.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.sellerId, seller.id), eq(listings.status, 'active')))
      .limit(1);
    if (!ad) continue;
    try {
      await deps.appointments.seedDemo(
        buyer.id,
        ad.id,
        demo.greeting,
        {
          type: demo.type,
          starts_at: berlinWallTime(now, demo.day, demo.hour),
          place: demo.place,
          note: demo.note || undefined,
        },
        demo.accept,
      );
      proposed += 1;
    } catch (error) {
      deps.log.warn({ err: error }, 'demo appointment not proposed');
    }
  }
  deps.log.info({ appointments: proposed }, 'demo appointments proposed');
  return proposed;
}
