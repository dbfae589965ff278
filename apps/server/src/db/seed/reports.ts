import type { Database } from '../client.ts';
import { reports } from '../schema.ts';
import type { Random } from './random.ts';

/** Demo reports: reason and comment as members write them. */
const DEMO_REPORTS = [
  { reason: 'fraud', comment: 'Der Verkäufer will nur per Vorkasse über einen Link zahlen lassen.' },
  { reason: 'fraud', comment: 'Preis viel zu günstig, die Fotos stammen aus einem anderen Inserat.' },
  { reason: 'wrong_category', comment: 'Das ist kein Fahrrad, sondern ein Ersatzteil.' },
  { reason: 'offensive', comment: 'Beleidigende Formulierungen in der Beschreibung.' },
  { reason: 'prohibited', comment: null },
] as const;

/**
 * A few open ad reports from demo members (never on their own ads), so that the admin
 * dashboard at /admin shows open reports on a first start (SPEC.md §6). The first ad drawn is
 * reported twice by different members; reports are a few hours to three days old.
 */
export async function seedReports(
  db: Database,
  members: readonly string[],
  ads: readonly { id: string; sellerId: string }[],
  random: Random,
  now: number,
): Promise<number> {
  if (ads.length < 4 || members.length < 3) return 0;
  const picked = [ads[0], ads[0], ...Array.from({ length: 3 }, () => random.pick(ads))].filter(
    (ad): ad is { id: string; sellerId: string } => ad !== undefined,
  );
  const rows: (typeof reports.$inferInsert)[] = [];
  const taken = new Set<string>();
  picked.forEach((ad, index) => {
    const reporter = members.find((id) => id !== ad.sellerId && !taken.has(`${ad.id}:${id}`));
    const report = DEMO_REPORTS[index % DEMO_REPORTS.length];
    if (!reporter || !report) return;
    taken.add(`${ad.id}:${reporter}`);
    rows.push({
      targetType: 'listing',
      targetId: ad.id,
      reportedId: ad.sellerId,
      reporterId: reporter,
      reason: report.reason,
      comment: report.comment,
      createdAt: new Date(now - random.int(2, 72) * 3_600_000),
    });
  });
  if (rows.length) await db.insert(reports).values(rows);
  return rows.length;
}
