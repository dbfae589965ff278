/** Demo members: German first and last names, some with a nickname (shown instead). */
export const DEMO_MEMBERS: { firstName: string; lastName: string; nickname?: string }[] = [
  { firstName: 'Anna', lastName: 'Schmidt' },
  { firstName: 'Lukas', lastName: 'Müller', nickname: 'Luki' },
  { firstName: 'Sophie', lastName: 'Schneider' },
  { firstName: 'Maximilian', lastName: 'Fischer' },
  { firstName: 'Marie', lastName: 'Weber', nickname: 'Marie aus Köln' },
  { firstName: 'Jonas', lastName: 'Meyer' },
  { firstName: 'Laura', lastName: 'Wagner' },
  { firstName: 'Felix', lastName: 'Becker', nickname: 'Felix B.' },
  { firstName: 'Lea', lastName: 'Schulz' },
  { firstName: 'Paul', lastName: 'Hoffmann' },
  { firstName: 'Emma', lastName: 'Schäfer' },
  { firstName: 'Leon', lastName: 'Koch', nickname: 'Radsport Leon' },
  { firstName: 'Hannah', lastName: 'Bauer' },
  { firstName: 'Tim', lastName: 'Richter' },
  { firstName: 'Mia', lastName: 'Klein' },
  { firstName: 'Finn', lastName: 'Wolf', nickname: 'Finnsen' },
  { firstName: 'Lena', lastName: 'Schröder' },
  { firstName: 'Jan', lastName: 'Neumann' },
  { firstName: 'Clara', lastName: 'Zimmermann', nickname: 'Clärchen' },
  { firstName: 'Elias', lastName: 'Krüger' },
];

/** The password of every demo member (documented in docs/demo-data.md). */
export const DEMO_PASSWORD = 'demo1234';

/** Lower case with umlauts and ß written out: `Jürgen Böhm` → `juergen boehm`. */
export function plainGerman(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss');
}

/** `vorname.nachname@example.com` with umlauts written out. */
export function demoEmail(member: { firstName: string; lastName: string }): string {
  return `${plainGerman(member.firstName)}.${plainGerman(member.lastName)}@example.com`;
}

/** Postal codes of towns across Germany where demo ads are placed. */
export const DEMO_POSTAL_CODES = [
  '10115',
  '10247',
  '12043',
  '20095',
  '22767',
  '80331',
  '81667',
  '50667',
  '50823',
  '60311',
  '70173',
  '40213',
  '04109',
  '44135',
  '45127',
  '28195',
  '01067',
  '30159',
  '90402',
  '47051',
  '44787',
  '42103',
  '33602',
  '53111',
  '48143',
  '68159',
  '76133',
  '86150',
  '65183',
  '24103',
  '79098',
  '18055',
  '99084',
  '55116',
  '34117',
  '93047',
  '14467',
  '66111',
  '23552',
  '39104',
  '97070',
  '89073',
  '69117',
  '37073',
  '26122',
  '94032',
  '78462',
  '19053',
  '54290',
  '24937',
  '83022',
  '87435',
  '07743',
  '06108',
  '09111',
  '02826',
  '17489',
  '25813',
  '49074',
  '32423',
];
