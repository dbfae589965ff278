import type { NewsCategory } from '@marketplace/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../lib/passwords.ts';
import { createArticle } from '../../modules/news/index.ts';
import { createAccount, findAccountByEmail } from '../../modules/users/index.ts';
import type { Database } from '../client.ts';
import { newsArticles, newsEditors } from '../schema.ts';
import { DEMO_PASSWORD } from './members.ts';

/** The demo editor who writes the demo news (docs/demo-data.md): log in with the demo password. */
export const DEMO_EDITOR = {
  email: 'redaktion@example.com',
  nickname: 'Lokalredaktion',
  firstName: 'Rita',
  lastName: 'Redlich',
};

const HOUR_MS = 60 * 60 * 1000;

/** A demo article: postal code, category, title, teaser and two paragraphs. */
type DemoArticle = [postalCode: string, category: NewsCategory, title: string, teaser: string, body: string];

/** The demo articles across German cities, newest first. */
const DEMO_ARTICLES: DemoArticle[] = [
  [
    '50667',
    'verkehr',
    'Neue Radwege am Kölner Rheinufer',
    'Die Stadt baut bis zum Sommer zwei Kilometer geschützte Radwege zwischen Altstadt und Deutz.',
    'Der Verkehrsausschuss hat den Ausbau am Dienstag einstimmig beschlossen. Die Arbeiten beginnen im März und sollen **bis Juni** abgeschlossen sein.\n\nWährend der Bauzeit wird die Uferstraße abschnittsweise zur Einbahnstraße.',
  ],
  [
    '80331',
    'kultur',
    'Münchner Stadtbibliothek verlängert ihre Öffnungszeiten',
    'Ab dem kommenden Monat öffnet die Zentralbibliothek auch sonntags – zunächst für ein Jahr zur Probe.',
    'Die Stadtbibliothek reagiert damit auf eine Umfrage, in der sich zwei Drittel der Befragten längere Öffnungszeiten gewünscht hatten.\n\nSonntags gibt es zusätzlich eine Vorlesestunde für Kinder.',
  ],
  [
    '20095',
    'wirtschaft',
    'Hamburger Hafen meldet mehr Umschlag',
    'Im dritten Quartal wurden im Hamburger Hafen deutlich mehr Container umgeschlagen als im Vorjahr.',
    'Nach Angaben der Hafenbehörde stieg der Umschlag um vier Prozent. Vor allem der Verkehr mit Skandinavien legte zu.\n\nDie Hafenwirtschaft rechnet auch für das kommende Jahr mit Wachstum.',
  ],
  [
    '10115',
    'politik',
    'Berlin-Mitte plant mehr Grün in Hinterhöfen',
    'Der Bezirk fördert die Begrünung von Innenhöfen mit einem neuen Programm für Hausgemeinschaften.',
    'Hausgemeinschaften können bis zu 5.000 Euro für Pflanzen, Beete und Regenwassertonnen beantragen.\n\nAnträge nimmt das Umweltamt ab sofort entgegen.',
  ],
  [
    '60311',
    'sport',
    'Frankfurter Stadtlauf mit Teilnehmerrekord',
    'Mehr als 12.000 Läuferinnen und Läufer gingen am Wochenende beim Stadtlauf an den Start.',
    'Bei bestem Laufwetter führte die Strecke entlang des Mains durch die Innenstadt.\n\nDer Erlös der Startgelder geht in diesem Jahr an zwei Frankfurter Sportvereine.',
  ],
  [
    '70173',
    'vereine',
    'Stuttgarter Tafel sucht ehrenamtliche Fahrer',
    'Für die Abholung von Lebensmitteln bei Supermärkten braucht die Tafel dringend Verstärkung.',
    'Gesucht werden Menschen mit Führerschein, die ein- bis zweimal pro Woche einen Vormittag Zeit haben.\n\nInteressierte können sich direkt bei der Ausgabestelle melden.',
  ],
  [
    '40213',
    'kultur',
    'Düsseldorfer Altstadt feiert das Lichterfest',
    'Am Wochenende verwandeln Installationen von zwanzig Künstlerinnen und Künstlern die Altstadt.',
    'Die Installationen sind jeweils ab Einbruch der Dunkelheit bis Mitternacht zu sehen.\n\nDer Eintritt ist frei, Führungen starten stündlich am Burgplatz.',
  ],
  [
    '04109',
    'verkehr',
    'Leipzig: Straßenbahnlinie 4 fährt wieder durchgehend',
    'Nach sechs Wochen Bauarbeiten rollen die Bahnen der Linie 4 wieder auf der ganzen Strecke.',
    'Die Verkehrsbetriebe haben in der Zeit Gleise und Haltestellen erneuert.\n\nDie Haltestellen sind nun barrierefrei erreichbar.',
  ],
  [
    '01067',
    'politik',
    'Dresdner Stadtrat beschließt Haushalt',
    'Nach langen Beratungen hat der Stadtrat den Doppelhaushalt für die kommenden zwei Jahre verabschiedet.',
    'Schwerpunkte sind Schulen, Kitas und die Sanierung von Brücken.\n\nDer Haushalt muss noch von der Landesdirektion genehmigt werden.',
  ],
  [
    '30159',
    'wirtschaft',
    'Hannover: Neuer Wochenmarkt in der Südstadt',
    'Ab Samstag gibt es in der Südstadt einen zusätzlichen Wochenmarkt mit regionalen Erzeugern.',
    'Rund dreißig Stände bieten Obst, Gemüse, Käse und Backwaren aus der Region an.\n\nDer Markt findet jeden Samstag von 8 bis 14 Uhr statt.',
  ],
  [
    '90402',
    'kultur',
    'Nürnberger Museumsnacht lockt Tausende',
    'Über vierzig Museen und Galerien öffneten bei der Museumsnacht bis in die frühen Morgenstunden.',
    'Besonders gefragt waren die Führungen durch die historischen Felsengänge.\n\nShuttlebusse verbanden die Veranstaltungsorte die ganze Nacht über.',
  ],
  [
    '28195',
    'sport',
    'Bremer Schwimmhalle öffnet nach Sanierung',
    'Das Hallenbad in der Innenstadt ist nach zwei Jahren Sanierung wieder für alle geöffnet.',
    'Neu sind ein Lehrschwimmbecken und eine moderne Lüftungsanlage.\n\nVereine und Schulen erhalten feste Zeiten, die Öffentlichkeit schwimmt täglich ab 6.30 Uhr.',
  ],
  [
    '50667',
    'vereine',
    'Kölner Karnevalsverein sammelt für Kinderklinik',
    'Bei der Sitzung des Traditionscorps kamen über 20.000 Euro für die Kinderklinik zusammen.',
    'Der Verein übergab den Scheck am Montag an die Klinikleitung.\n\nMit dem Geld wird ein Spielzimmer für lange Klinikaufenthalte eingerichtet.',
  ],
  [
    '80331',
    'verkehr',
    'München: Baustelle am Stachus bis Ende des Monats',
    'Wegen Arbeiten an Leitungen ist der Karlsplatz in Richtung Hauptbahnhof nur einspurig befahrbar.',
    'Die Stadtwerke empfehlen, den Bereich weiträumig zu umfahren.\n\nDie Trambahnen fahren ohne Einschränkungen.',
  ],
  [
    '20095',
    'kultur',
    'Hamburger Kunsthalle zeigt Werke junger Künstler',
    'Die neue Ausstellung stellt zwölf Künstlerinnen und Künstler unter dreißig aus Norddeutschland vor.',
    'Gezeigt werden Malerei, Fotografie und Videoarbeiten.\n\nDie Ausstellung läuft drei Monate, donnerstags ist der Eintritt ermäßigt.',
  ],
  [
    '10115',
    'sport',
    'Berliner Basketballverein eröffnet neue Jugendabteilung',
    'Kinder ab acht Jahren können ab sofort kostenlos zum Probetraining kommen.',
    'Trainiert wird dreimal pro Woche in der Sporthalle an der Invalidenstraße.\n\nDer Verein sucht außerdem Trainerinnen und Trainer für die Jugendteams.',
  ],
  [
    '60311',
    'politik',
    'Frankfurt stellt Pläne für neue Schulen vor',
    'Bis 2030 sollen im Stadtgebiet fünf neue Grundschulen und zwei Gymnasien entstehen.',
    'Die Stadt reagiert auf steigende Schülerzahlen in den wachsenden Stadtteilen.\n\nDie Pläne werden im nächsten Monat in Bürgerversammlungen vorgestellt.',
  ],
  [
    '70173',
    'wirtschaft',
    'Stuttgarter Start-up gewinnt Gründerpreis',
    'Ein junges Unternehmen für die Reparatur von Elektrogeräten wurde als bestes Start-up des Landes ausgezeichnet.',
    'Das Team repariert Haushaltsgeräte und verkauft Ersatzteile, die es selbst druckt.\n\nDas Preisgeld will es in eine zweite Werkstatt investieren.',
  ],
  [
    '40213',
    'sport',
    'Düsseldorfer Eishockey-Nachwuchs wird Meister',
    'Die U17 des Düsseldorfer Eishockeyclubs hat die Deutsche Meisterschaft gewonnen.',
    'Im Finale setzte sich die Mannschaft nach Verlängerung durch.\n\nDie Spielerinnen und Spieler wurden am Sonntag im Rathaus empfangen.',
  ],
  [
    '04109',
    'kultur',
    'Leipziger Buchhandlungen laden zur langen Lesenacht',
    'Zwölf Buchhandlungen in der Innenstadt öffnen am Freitag bis Mitternacht mit Lesungen und Musik.',
    'Zu Gast sind Autorinnen und Autoren aus Sachsen.\n\nEin Lesepass führt durch alle teilnehmenden Läden.',
  ],
  [
    '01067',
    'vereine',
    'Dresdner Gartenverein öffnet seine Anlagen',
    'Am Tag der offenen Gärten zeigen vierzig Kleingärtner ihre Parzellen.',
    'Besucher können Pflanzen tauschen und sich zu naturnahem Gärtnern beraten lassen.\n\nFür Kinder gibt es eine Rallye durch die Anlage.',
  ],
  [
    '30159',
    'verkehr',
    'Hannover testet Tempo 30 auf Hauptstraßen',
    'Auf drei Hauptstraßen gilt für ein Jahr probeweise Tempo 30 in der Nacht.',
    'Die Stadt will herausfinden, ob die Anwohner so besser vor Lärm geschützt sind.\n\nDie Ergebnisse der Messungen werden veröffentlicht.',
  ],
  [
    '90402',
    'wirtschaft',
    'Nürnberger Christkindlesmarkt zieht Bilanz',
    'Die Händler des Christkindlesmarkts zeigen sich mit dem Verlauf der Saison zufrieden.',
    'Trotz einiger Regentage kamen ähnlich viele Besucher wie im Vorjahr.\n\nDer Markt will im nächsten Jahr mehr Mehrweggeschirr einsetzen.',
  ],
  [
    '28195',
    'politik',
    'Bremen erweitert das Angebot der Bürgerämter',
    'Termine in den Bürgerämtern lassen sich künftig auch am Samstagvormittag buchen.',
    'Zusätzlich werden mehr Leistungen online angeboten, etwa die Anmeldung einer Wohnung.\n\nDie Behörde verspricht kürzere Wartezeiten.',
  ],
];

/**
 * The demo news (SEED_DEMO=1): a demo editor ({@link DEMO_EDITOR}) with the articles of
 * {@link DEMO_ARTICLES} across German cities. Written on the first start; on every start the
 * editor's articles are dated anew, the newest an hour before `now` and each next one about
 * seven hours earlier, so the demo news always look current.
 * @returns how many articles were written (0 when they existed already)
 */
export async function seedDemoNews(
  db: Database,
  log: FastifyBaseLogger,
  termsVersion?: string,
  now = Date.now(),
): Promise<number> {
  let editor = await findAccountByEmail(db, DEMO_EDITOR.email);
  if (!editor) {
    editor = await createAccount(db, {
      email: DEMO_EDITOR.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      nickname: DEMO_EDITOR.nickname,
      firstName: DEMO_EDITOR.firstName,
      lastName: DEMO_EDITOR.lastName,
      emailVerifiedAt: new Date(now),
      ...(termsVersion ? { termsVersion, termsAcceptedAt: new Date(now) } : {}),
    });
  }
  await db.insert(newsEditors).values({ userId: editor.id }).onConflictDoNothing();
  const actor = { id: editor.id, role: editor.role };
  const existing = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(eq(newsArticles.authorId, editor.id))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id));
  const dateOf = (index: number) => new Date(now - HOUR_MS - index * 7 * HOUR_MS);
  if (existing.length > 0) {
    for (const [index, { id }] of existing.entries()) {
      await db
        .update(newsArticles)
        .set({ publishedAt: dateOf(index), updatedAt: dateOf(index) })
        .where(eq(newsArticles.id, id));
    }
    return 0;
  }
  for (const [index, [postalCode, category, title, teaser, body]] of DEMO_ARTICLES.entries()) {
    await createArticle(
      db,
      actor,
      { title, teaser, body, category, postal_code: postalCode, image: null },
      dateOf(index),
    );
  }
  log.info({ articles: DEMO_ARTICLES.length }, 'demo news written');
  return DEMO_ARTICLES.length;
}
