import { type ModerationTransparency, REPORT_REASON_LABELS } from '@marketplace/contract';
import { stringify } from 'csv-stringify/sync';

/**
 * German names of the report reasons in the CSV: the reasons of the ad report dialog, forum
 * posts under one name, conversations, stories and members by their reason (keys of
 * `readTransparency`).
 */
const REASON_LABELS: Record<string, string> = {
  fraud: 'Betrug',
  prohibited: 'Verbotener Artikel',
  wrong_category: 'Falsche Kategorie',
  offensive: 'Beleidigend oder anstößig',
  other: 'Sonstiges',
  forum_post: 'Forenbeitrag',
  ...Object.fromEntries(
    Object.entries(REPORT_REASON_LABELS.conversation).map(([key, label]) => [
      `conversation_${key}`,
      `Unterhaltung: ${label}`,
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(REPORT_REASON_LABELS.story).map(([key, label]) => [`story_${key}`, `Story: ${label}`]),
  ),
  ...Object.fromEntries(
    Object.entries(REPORT_REASON_LABELS.user).map(([key, label]) => [`user_${key}`, `Mitglied: ${label}`]),
  ),
};

/** German names of the decisions' actions in the CSV. */
const ACTION_LABELS: Record<string, string> = {
  keep: 'Inhalt behalten',
  remove: 'Inhalt entfernt',
  warning: 'Verwarnung (automatisch)',
  suspend: 'Konto gesperrt',
};

/**
 * The transparency report (DSA Art. 15, 24) as CSV for spreadsheets: semicolon-separated,
 * UTF-8 with a byte order mark (so German spreadsheet programs read umlauts), one row per figure
 * with the columns Bereich, Kategorie, Anzahl; quoting and escaping by csv-stringify.
 */
export function transparencyCsv(report: ModerationTransparency): string {
  const rows: (string | number)[][] = [
    ['Zeitraum', `${report.from} bis ${report.to}`, ''],
    ...report.notices.map((n) => ['Meldungen nach Grund', REASON_LABELS[n.reason] ?? n.reason, n.count]),
    ['Meldungen gesamt', '', report.notices_total],
    ...report.decisions.map((d) => [
      'Entscheidungen nach Grundlage',
      `${d.label} – ${ACTION_LABELS[d.action] ?? d.action}`,
      d.count,
    ]),
    ['Entscheidungen gesamt', '', report.decisions_total],
    ['Widersprüche', '', report.appeals],
    ['Aufgehobene Entscheidungen', '', report.reversals],
    [
      'Mittlere Bearbeitungszeit (Median, Stunden)',
      '',
      report.median_handling_hours === null ? '' : report.median_handling_hours.toLocaleString('de-DE'),
    ],
  ];
  return stringify(rows, {
    header: true,
    columns: ['Bereich', 'Kategorie', 'Anzahl'],
    delimiter: ';',
    bom: true,
  });
}
