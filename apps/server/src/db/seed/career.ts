import type { JobPositionBody } from '@marketplace/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createJobPosition, listJobPositions } from '../../modules/career/index.ts';
import type { Database } from '../client.ts';

/** The demo positions of /karriere (SEED_DEMO=1), so the career page has content on a first start. */
const DEMO_POSITIONS: Array<Required<Omit<JobPositionBody, 'remote'>> & { remote: boolean }> = [
  {
    title: 'Senior Backend-Entwickler:in (TypeScript)',
    team: 'engineering',
    location: 'Berlin',
    remote: true,
    employment_type: 'full_time',
    summary:
      'Du entwickelst mit uns die Server hinter dem Marktplatz: Node.js, TypeScript, PostgreSQL. Berlin oder remote in Deutschland, Vollzeit.',
    body: `## Worum es geht

Jeden Tag stellen Menschen aus der Region Anzeigen ein, schreiben sich Nachrichten und verabreden Übergaben. Du sorgst mit uns dafür, dass das schnell, sicher und zuverlässig klappt.

## Deine Aufgaben

- Du entwickelst unsere API mit **TypeScript**, Fastify und PostgreSQL weiter – vom Entwurf bis zum Betrieb.
- Du schreibst Tests, die etwas prüfen, und prüfst den Code deines Teams im Review.
- Du kümmerst dich um Datenschutz und Sicherheit, nicht erst am Ende.

## Was du mitbringst

- Mehrere Jahre Erfahrung mit Node.js und relationalen Datenbanken
- Freude an sauberen Schnittstellen und verständlichem Code
- Gute Deutschkenntnisse (mindestens B2), Englisch für die Dokumentation

## Was wir bieten

- 30 Tage Urlaub, flexible Arbeitszeiten und Arbeit von zu Hause oder in Berlin
- Ein eigenes Weiterbildungsbudget von 1.500 € im Jahr
- Hardware deiner Wahl`,
  },
  {
    title: 'Community-Manager:in',
    team: 'community',
    location: 'Karlsruhe',
    remote: false,
    employment_type: 'part_time',
    summary:
      'Du bist die Stimme unseres Forums und hilfst Käufern und Verkäufern weiter. Teilzeit (20–25 Stunden), in Karlsruhe.',
    body: `## Worum es geht

Unser Forum und unsere Ratgeber leben von den Menschen, die sie nutzen. Du begleitest die Community, beantwortest Fragen und sorgst für einen freundlichen Ton.

## Deine Aufgaben

- Du moderierst das Forum und bearbeitest Meldungen gemeinsam mit dem Support.
- Du schreibst Ratgeber-Artikel und Beiträge zu sicherem Handeln.
- Du sammelst Rückmeldungen und gibst sie an Produkt und Technik weiter.

## Was du mitbringst

- Erfahrung mit Online-Communities oder Kundenservice
- Sehr gutes Deutsch in Wort und Schrift
- Ruhe, auch wenn es einmal hitzig wird

## Was wir bieten

- 20–25 Stunden pro Woche, Kernzeit 10–15 Uhr
- Deutschlandticket als Jobticket und 30 Tage Urlaub (anteilig)`,
  },
];

/**
 * Opens the demo positions when there are none yet (every start with SEED_DEMO=1 checks; an ADMIN's
 * positions are never touched). The audit log names no ADMIN for them (the system wrote them).
 */
export async function seedDemoPositions(db: Database, log: FastifyBaseLogger): Promise<void> {
  const { positions } = await listJobPositions(db);
  if (positions.length > 0) return;
  for (const position of DEMO_POSITIONS) await createJobPosition(db, null, position);
  log.info({ positions: DEMO_POSITIONS.length }, 'demo positions of the career page created');
}
