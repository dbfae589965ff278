/** One kind of demo ad: title, price range in euros, a sentence of its own and fixed attributes. */
export interface AdTemplate {
  title: string;
  /** Euros, [min, max]; [0, 0] for free ads. */
  price: [number, number];
  text: string;
  attributes?: Record<string, string | number>;
  priceType?: 'fixed' | 'negotiable' | 'free';
  offerType?: 'offer' | 'wanted';
  /**
   * Age of a young animal in months, [min, max], below twelve; grown animals carry no
   * `age_months` and state their age in years in the text, as people write it.
   */
  ageMonths?: [number, number];
}

/** A car's fixed attributes. */
export const car = (make: string, model: string, fuel: string, gearbox: string) => ({
  make,
  model,
  fuel,
  gearbox,
});
const pet = (species: string) => ({ species });
const job = (employment: string) => ({ employment });

/**
 * Demo ads per subcategory slug: realistic German titles, prices and
 * details for every subcategory of the taxonomy.
 */
export const CATALOG: Record<string, AdTemplate[]> = {
  // Auto, Rad & Boot
  autos: [
    {
      title: 'VW Golf 7 1.4 TSI Highline',
      price: [9500, 14500],
      text: 'Scheckheftgepflegt, Nichtraucherfahrzeug, Sitzheizung und Navi.',
      attributes: car('Volkswagen', 'Golf', 'Benzin', 'Manuell'),
    },
    {
      title: 'Opel Corsa E 1.2, TÜV neu',
      price: [5200, 7900],
      text: 'Kleiner Stadtflitzer mit neuen Allwetterreifen und frischer Inspektion.',
      attributes: car('Opel', 'Corsa', 'Benzin', 'Manuell'),
    },
    {
      title: 'BMW 320d Touring Automatik',
      price: [12900, 19900],
      text: 'Anhängerkupplung, Panoramadach, zweite Hand, alle Rechnungen vorhanden.',
      attributes: car('BMW', '320d Touring', 'Diesel', 'Automatik'),
    },
    {
      title: 'Toyota Yaris Hybrid Comfort',
      price: [11500, 16900],
      text: 'Sparsam im Stadtverkehr, Rückfahrkamera, Klimaautomatik.',
      attributes: car('Toyota', 'Yaris', 'Hybrid', 'Automatik'),
    },
    {
      title: 'Tesla Model 3 Long Range',
      price: [24900, 32900],
      text: 'Autopilot, Akku mit 92 % Restkapazität, Winterräder auf Felgen dabei.',
      attributes: { ...car('Tesla', 'Model 3', 'Elektro', 'Automatik'), first_registration: 2020 },
    },
  ],
  'autoteile-reifen': [
    {
      title: 'Winterreifen 205/55 R16 auf Stahlfelgen',
      price: [120, 260],
      text: 'Profil noch 6 mm, passend für Golf, Octavia und Leon.',
    },
    {
      title: 'Dachbox Thule Motion 410 Liter',
      price: [220, 380],
      text: 'Mit Schlüsseln, beidseitig zu öffnen, kaum Kratzer.',
    },
    {
      title: 'Original VW Alufelgen 17 Zoll',
      price: [250, 450],
      text: 'Satz mit vier Felgen ohne Reifen, Lochkreis 5x112.',
    },
    {
      title: 'Kindersitz-Isofix-Station für BMW',
      price: [40, 90],
      text: 'Originalteil, passt in die 3er- und 5er-Reihe.',
    },
  ],
  'motorraeder-motorroller': [
    {
      title: 'Vespa Primavera 125',
      price: [2900, 3900],
      text: 'Topcase, Windschild, wenig gefahren, immer in der Garage.',
      attributes: { make: 'Vespa' },
    },
    {
      title: 'Yamaha MT-07 ABS',
      price: [4900, 6500],
      text: 'Neuer Kettensatz, Sturzpads, A2-Drossel liegt bei.',
      attributes: { make: 'Yamaha' },
    },
    {
      title: 'BMW R 1200 GS Adventure',
      price: [8900, 12900],
      text: 'Koffersystem, Heizgriffe, Zusatzscheinwerfer – reisefertig.',
      attributes: { make: 'BMW' },
    },
    {
      title: 'Honda CB500F, erste Hand',
      price: [3900, 5200],
      text: 'Ideales Einsteigerbike, Inspektion frisch gemacht.',
      attributes: { make: 'Honda' },
    },
  ],
  'fahrraeder-zubehoer': [
    {
      title: 'Damen Fahrrad 28 Zoll, 7 Gänge',
      price: [120, 260],
      text: 'Nabenschaltung, Nabendynamo, Gepäckträger und Korb.',
      attributes: { bike_type: 'Citybike', frame_size_cm: 50 },
    },
    {
      title: 'Mountainbike Cube Aim 29er',
      price: [350, 550],
      text: 'Hydraulische Scheibenbremsen, Federgabel frisch gewartet.',
      attributes: { bike_type: 'Mountainbike', frame_size_cm: 48 },
    },
    {
      title: 'E-Bike Trekking mit Bosch-Motor',
      price: [1400, 2200],
      text: 'Akku 500 Wh, erst 1.800 km gefahren, Ladegerät dabei.',
      attributes: { bike_type: 'E-Bike', frame_size_cm: 55 },
    },
    {
      title: 'Kinderfahrrad 20 Zoll Puky',
      price: [90, 170],
      text: 'Mit Ständer und Klingel, für Kinder ab etwa sechs Jahren.',
      attributes: { bike_type: 'Kinderfahrrad', frame_size_cm: 30 },
    },
    {
      title: 'Rennrad Canyon Endurace, Carbon',
      price: [1100, 1800],
      text: 'Shimano 105, leicht und schnell, nur bei Sonne gefahren.',
      attributes: { bike_type: 'Rennrad', frame_size_cm: 56 },
    },
  ],
  'boote-bootszubehoer': [
    {
      title: 'Schlauchboot mit Außenborder 5 PS',
      price: [900, 1600],
      text: 'Führerscheinfrei, inklusive Pumpe und Paddeln.',
    },
    {
      title: 'Kajak Einsitzer mit Paddel',
      price: [250, 450],
      text: 'Stabil und kippsicher, ideal für Seen und ruhige Flüsse.',
    },
    {
      title: 'SUP-Board aufblasbar 10,6 Fuß',
      price: [180, 320],
      text: 'Komplettset mit Rucksack, Leash und Carbonpaddel.',
    },
    {
      title: 'Segeljolle Laser mit Trailer',
      price: [1800, 2900],
      text: 'Segel in gutem Zustand, Slipwagen und Persenning dabei.',
    },
  ],
  'wohnwagen-wohnmobile': [
    {
      title: 'Knaus Sport Wohnwagen 450 FU',
      price: [9900, 14900],
      text: 'Vorzelt, Mover, Französisches Bett, trocken und dicht.',
    },
    {
      title: 'VW T5 California Beach',
      price: [29900, 38900],
      text: 'Aufstelldach, Standheizung, Markise, frisch geprüft.',
    },
    {
      title: 'Hymer Wohnmobil B-Klasse',
      price: [34900, 49900],
      text: 'Solaranlage, Fahrradträger, Rückfahrkamera, viel Stauraum.',
    },
    {
      title: 'Dethleffs Camper 470 ER',
      price: [11900, 16900],
      text: 'Einzelbetten, Heizung, Kühlschrank, sofort urlaubsbereit.',
    },
  ],
  'nutzfahrzeuge-anhaenger': [
    {
      title: 'PKW-Anhänger 750 kg mit Plane',
      price: [450, 850],
      text: 'TÜV neu, Stützrad, Hochplane mit Spriegel.',
    },
    {
      title: 'Mercedes Sprinter Kastenwagen',
      price: [12900, 19900],
      text: 'Regalsystem, Anhängerkupplung 3,5 t, Werkstattwagen.',
    },
    {
      title: 'Fahrradanhänger für zwei Kinder',
      price: [120, 260],
      text: 'Mit Buggyrad und Regenverdeck, faltbar.',
    },
    {
      title: 'Tandemanhänger 2000 kg',
      price: [1500, 2600],
      text: 'Auflaufbremse, Rampen, für Kleinbagger und Autos.',
    },
  ],
  // Immobilien
  mietwohnungen: [
    {
      title: '2-Zimmer-Wohnung mit Balkon',
      price: [650, 1150],
      text: 'Helle Altbauwohnung, Dielenboden, Einbauküche kann übernommen werden.',
      attributes: { rooms: 2, living_area_m2: 58, transaction: 'Miete' },
      priceType: 'fixed',
    },
    {
      title: '3 Zimmer, Küche, Bad – ruhige Lage',
      price: [850, 1450],
      text: 'Tageslichtbad mit Wanne, Keller, Stellplatz gegen Aufpreis.',
      attributes: { rooms: 3, living_area_m2: 74, transaction: 'Miete' },
      priceType: 'fixed',
    },
    {
      title: 'Single-Apartment möbliert',
      price: [490, 820],
      text: 'Ideal für Pendler, Waschmaschine im Haus, Internet inklusive.',
      attributes: { rooms: 1, living_area_m2: 31, transaction: 'Miete' },
      priceType: 'fixed',
    },
    {
      title: 'Dachgeschosswohnung 4 Zimmer',
      price: [1100, 1900],
      text: 'Große Dachterrasse, offene Küche, zwei Bäder.',
      attributes: { rooms: 4, living_area_m2: 105, transaction: 'Miete' },
      priceType: 'fixed',
    },
  ],
  eigentumswohnungen: [
    {
      title: 'Eigentumswohnung 3 Zimmer mit Loggia',
      price: [219000, 389000],
      text: 'Gepflegte Anlage, Aufzug, Tiefgaragenstellplatz inklusive.',
      attributes: { rooms: 3, living_area_m2: 78, transaction: 'Kauf' },
    },
    {
      title: 'Kapitalanlage: vermietetes Apartment',
      price: [99000, 159000],
      text: 'Solide vermietet, Rücklagen vorhanden, Nähe Hochschule.',
      attributes: { rooms: 1, living_area_m2: 29, transaction: 'Kauf' },
    },
    {
      title: 'Penthouse mit Dachterrasse',
      price: [490000, 790000],
      text: 'Bodentiefe Fenster, Fußbodenheizung, Blick über die Stadt.',
      attributes: { rooms: 4, living_area_m2: 128, transaction: 'Kauf' },
    },
    {
      title: 'Gartenwohnung im Erdgeschoss',
      price: [259000, 419000],
      text: 'Eigener Garten, barrierearm, ruhige Seitenstraße.',
      attributes: { rooms: 2.5, living_area_m2: 69, transaction: 'Kauf' },
    },
  ],
  'haeuser-zur-miete': [
    {
      title: 'Reihenhaus mit Garten zu vermieten',
      price: [1350, 2100],
      text: 'Vier Zimmer, Keller, Carport, Kita und Schule fußläufig.',
      attributes: { rooms: 4, living_area_m2: 118 },
    },
    {
      title: 'Einfamilienhaus am Ortsrand',
      price: [1600, 2600],
      text: 'Großes Grundstück, Kamin, Doppelgarage, Haustiere erlaubt.',
      attributes: { rooms: 5, living_area_m2: 146 },
    },
    {
      title: 'Doppelhaushälfte, renoviert',
      price: [1450, 2200],
      text: 'Neue Fenster und Heizung, Terrasse nach Süden.',
      attributes: { rooms: 4.5, living_area_m2: 124 },
    },
    {
      title: 'Kleines Haus mit Werkstatt',
      price: [990, 1500],
      text: 'Ideal für Handwerker, Nebengebäude mit Stromanschluss.',
      attributes: { rooms: 3, living_area_m2: 92 },
    },
  ],
  'haeuser-zum-kauf': [
    {
      title: 'Einfamilienhaus Baujahr 2004',
      price: [389000, 649000],
      text: 'Massivbauweise, Wärmepumpe, Photovoltaik auf dem Dach.',
      attributes: { rooms: 5, living_area_m2: 152 },
    },
    {
      title: 'Sanierungsbedürftiges Bauernhaus',
      price: [149000, 259000],
      text: 'Viel Platz und Potenzial, Scheune und großer Obstgarten.',
      attributes: { rooms: 7, living_area_m2: 210 },
    },
    {
      title: 'Reihenmittelhaus in Familienlage',
      price: [319000, 459000],
      text: 'Gepflegt, Keller, Gartenhaus, Stellplatz vor dem Haus.',
      attributes: { rooms: 4, living_area_m2: 112 },
    },
    {
      title: 'Bungalow, ebenerdig wohnen',
      price: [279000, 419000],
      text: 'Barrierefreies Bad, Wintergarten, pflegeleichter Garten.',
      attributes: { rooms: 3, living_area_m2: 98 },
    },
  ],
  'wg-zimmer': [
    {
      title: 'WG-Zimmer in netter 3er-WG',
      price: [390, 590],
      text: 'Wir sind berufstätig und studieren, gemeinsame Abende gern gesehen.',
      attributes: { rooms: 1, living_area_m2: 16 },
    },
    {
      title: 'Zimmer zur Zwischenmiete für 3 Monate',
      price: [420, 650],
      text: 'Möbliert, ab sofort frei, Balkon und Wohnküche.',
      attributes: { rooms: 1, living_area_m2: 14 },
    },
    {
      title: 'WG-Zimmer ab nächstem Monat',
      price: [350, 550],
      text: 'Ich bin 24, Azubi, ordentlich und unkompliziert. Meine Warmmiete darf bis zum genannten Betrag gehen.',
      priceType: 'fixed',
      offerType: 'wanted',
      attributes: { rooms: 1, living_area_m2: 12 },
    },
    {
      title: 'Großes Zimmer in Altbau-WG',
      price: [480, 690],
      text: 'Hohe Decken, Dielen, zentral gelegen, Fahrradkeller.',
      attributes: { rooms: 1, living_area_m2: 22 },
    },
  ],
  'grundstuecke-gaerten': [
    {
      title: 'Schrebergarten mit Gartenlaube',
      price: [1500, 4500],
      text: 'Ablöse für Laube und Bepflanzung, Wasser und Strom vorhanden.',
      attributes: { transaction: 'Kauf', living_area_m2: 12 },
    },
    {
      title: 'Baugrundstück 620 m², erschlossen',
      price: [119000, 249000],
      text: 'Voll erschlossen, keine Bauträgerbindung, ruhige Sackgasse.',
      attributes: { transaction: 'Kauf' },
    },
    {
      title: 'Gartenland zur Pacht',
      price: [30, 90],
      text: 'Etwa 300 m², ideal für Gemüse, Wasseranschluss in der Nähe.',
      attributes: { transaction: 'Miete' },
    },
    {
      title: 'Wiesengrundstück mit Obstbäumen',
      price: [9000, 24000],
      text: 'Streuobstwiese, Zufahrt über Feldweg, kein Bauland.',
      attributes: { transaction: 'Kauf' },
    },
  ],
  gewerbeimmobilien: [
    {
      title: 'Ladenlokal in der Fußgängerzone',
      price: [1200, 2900],
      text: 'Große Schaufenster, 80 m² Verkaufsfläche, Lager im Keller.',
      attributes: { transaction: 'Miete', living_area_m2: 95 },
    },
    {
      title: 'Büroräume mit Besprechungsraum',
      price: [900, 2100],
      text: 'Klimatisiert, Glasfaser, Teeküche, Aufzug im Haus.',
      attributes: { transaction: 'Miete', living_area_m2: 120 },
    },
    {
      title: 'Werkstatt mit Rolltor',
      price: [650, 1400],
      text: 'Starkstrom, Hebebühne möglich, Hoffläche zum Parken.',
      attributes: { transaction: 'Miete', living_area_m2: 140 },
    },
    {
      title: 'Gastronomiefläche mit Außenbereich',
      price: [1800, 3500],
      text: 'Voll ausgestattete Küche, 60 Sitzplätze innen, Terrasse.',
      attributes: { transaction: 'Miete', living_area_m2: 160 },
    },
  ],
  ferienwohnungen: [
    {
      title: 'Ferienwohnung an der Ostsee',
      price: [70, 140],
      text: 'Preis pro Nacht, 200 m zum Strand, Balkon mit Meerblick.',
      attributes: { transaction: 'Miete', rooms: 2, living_area_m2: 48 },
    },
    {
      title: 'Almhütte im Allgäu',
      price: [90, 180],
      text: 'Preis pro Nacht, Kaminofen, Wanderwege direkt vor der Tür.',
      attributes: { transaction: 'Miete', rooms: 3, living_area_m2: 70 },
    },
    {
      title: 'Apartment an der Costa Brava',
      price: [119000, 189000],
      text: 'Zum Kauf, Gemeinschaftspool, 10 Minuten zum Meer.',
      attributes: { transaction: 'Kauf', rooms: 2, living_area_m2: 55 },
    },
    {
      title: 'Ferienhaus an der Nordsee',
      price: [110, 210],
      text: 'Preis pro Nacht, reetgedeckt, für bis zu sechs Personen.',
      attributes: { transaction: 'Miete', rooms: 4, living_area_m2: 95 },
    },
  ],
  // Jobs (price: gross monthly salary in euros, always a fixed amount; 0 for an unpaid internship)
  'bau-handwerk-produktion': [
    {
      title: 'Elektriker (m/w/d) gesucht',
      price: [2950, 4300],
      text: 'Unbefristet, Firmenwagen, pünktliche Bezahlung, nettes Team.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Maler und Lackierer (m/w/d)',
      price: [2650, 3650],
      text: 'Innen- und Fassadenarbeiten, Führerschein Klasse B erwünscht.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Ausbildung zum Tischler (m/w/d)',
      price: [950, 1250],
      text: 'Ausbildungsbeginn im Spätsommer, moderne Werkstatt.',
      attributes: job('Ausbildung'),
      priceType: 'fixed',
    },
    {
      title: 'Produktionshelfer (m/w/d) in Teilzeit',
      price: [1200, 1450],
      text: 'Schichtarbeit möglich, Einarbeitung im Team.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
  ],
  'bueroarbeit-verwaltung': [
    {
      title: 'Bürokraft (m/w/d) in Teilzeit',
      price: [1300, 1700],
      text: 'Telefon, Ablage, Rechnungen – sicherer Umgang mit Office.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Buchhalter (m/w/d) für Steuerbüro',
      price: [3300, 4950],
      text: 'Gern mit DATEV-Kenntnissen, flexible Arbeitszeiten.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Sachbearbeitung Personal (m/w/d)',
      price: [3150, 4450],
      text: 'Lohnabrechnung und Bewerbermanagement, Homeoffice möglich.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Minijob Büro: Post und Ablage',
      price: [490, 560],
      text: 'Zwei Vormittage pro Woche, ideal neben dem Studium.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
  ],
  'gastronomie-tourismus': [
    {
      title: 'Servicekraft (m/w/d) für Biergarten',
      price: [490, 560],
      text: 'Saisonstelle, Trinkgeld extra, Verpflegung frei.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
    {
      title: 'Koch / Köchin (m/w/d) gesucht',
      price: [2800, 3800],
      text: 'Regionale Küche, geregelte Arbeitszeiten, montags Ruhetag.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Rezeptionist (m/w/d) im Hotel',
      price: [1300, 1600],
      text: 'Gute Englischkenntnisse, Früh- und Spätdienst.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Aushilfe Spülküche am Wochenende',
      price: [490, 560],
      text: 'Freitag und Samstag abends, kurzfristiger Start möglich.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
  ],
  kundenservice: [
    {
      title: 'Kundenberater (m/w/d) im Homeoffice',
      price: [2500, 3150],
      text: 'Technik wird gestellt, Schulung vorab, feste Schichten.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Mitarbeiter Hotline (m/w/d) Teilzeit',
      price: [1200, 1450],
      text: 'Freundliche Stimme und Geduld sind dein Plus.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Werkstudent Kundenservice (m/w/d)',
      price: [1300, 1450],
      text: '20 Stunden pro Woche, flexibel planbar.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Teamleitung Support (m/w/d)',
      price: [3650, 4800],
      text: 'Führung von zehn Mitarbeitenden, Erfahrung erwünscht.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
  ],
  'mini-nebenjobs': [
    {
      title: 'Zeitungszusteller (m/w/d) gesucht',
      price: [490, 560],
      text: 'Frühmorgens, ab 13 Jahren, in deiner Nachbarschaft.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
    {
      title: 'Putzhilfe für Privathaushalt',
      price: [520, 560],
      text: 'Alle zwei Wochen vier Stunden, zuverlässig und diskret.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
    {
      title: 'Regalauffüller (m/w/d) abends',
      price: [490, 560],
      text: 'Drei Abende pro Woche im Supermarkt.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
    {
      title: 'Nachhilfe-Minijob Mathematik',
      price: [520, 560],
      text: 'Für Schüler der Mittelstufe, in einem Lernstudio.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
  ],
  praktika: [
    {
      title: 'Praktikum Marketing (m/w/d)',
      price: [700, 1300],
      text: 'Sechs Monate, Social Media und Kampagnen, eigene Projekte von Anfang an.',
      attributes: job('Praktikum'),
      priceType: 'fixed',
    },
    {
      title: 'Pflichtpraktikum Maschinenbau',
      price: [700, 1300],
      text: 'Konstruktion mit CAD, Betreuung durch erfahrene Ingenieure.',
      attributes: job('Praktikum'),
      priceType: 'fixed',
    },
    {
      title: 'Schülerpraktikum in der Tierarztpraxis',
      price: [0, 0],
      text: 'Zwei Wochen reinschnuppern, für Schüler ab Klasse 9.',
      attributes: job('Praktikum'),
      priceType: 'fixed',
    },
    {
      title: 'Praktikum Eventmanagement',
      price: [700, 1300],
      text: 'Mitarbeit bei Messen und Firmenfeiern.',
      attributes: job('Praktikum'),
      priceType: 'fixed',
    },
  ],
  'pflege-soziales': [
    {
      title: 'Pflegefachkraft (m/w/d) ambulant',
      price: [3450, 4450],
      text: 'Dienstwagen, Tourenplanung mit Herz, Zuschläge.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Erzieher (m/w/d) für Kita',
      price: [1600, 2100],
      text: 'Kleine Gruppen, Naturkonzept, Fortbildungen bezahlt.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Alltagsbegleitung für Senioren',
      price: [520, 560],
      text: 'Einkaufen, Spaziergänge und Gesellschaft leisten.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
    {
      title: 'Ausbildung Pflegefachmann/-frau',
      price: [950, 1250],
      text: 'Generalistische Ausbildung mit Übernahmegarantie.',
      attributes: job('Ausbildung'),
      priceType: 'fixed',
    },
  ],
  'transport-logistik': [
    {
      title: 'Berufskraftfahrer CE (m/w/d)',
      price: [2800, 3650],
      text: 'Nahverkehr, jeden Abend zu Hause, moderner Fuhrpark.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Lagerhelfer (m/w/d) mit Staplerschein',
      price: [2300, 2800],
      text: 'Wareneingang und Kommissionierung im Zweischichtbetrieb.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Kurierfahrer (m/w/d) auf Minijobbasis',
      price: [490, 560],
      text: 'Firmenfahrzeug wird gestellt, feste Touren.',
      attributes: job('Minijob'),
      priceType: 'fixed',
    },
    {
      title: 'Disponent (m/w/d) Spedition',
      price: [3300, 4300],
      text: 'Tourenplanung, Kontakt zu Kunden und Fahrern.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
  ],
  'vertrieb-einkauf': [
    {
      title: 'Verkäufer (m/w/d) im Fahrradladen',
      price: [1200, 1550],
      text: 'Beratung mit Leidenschaft für Räder, Mitarbeiterrabatt.',
      attributes: job('Teilzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Außendienst (m/w/d) Medizintechnik',
      price: [3950, 5800],
      text: 'Firmenwagen auch privat, Provision zusätzlich.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Einkäufer (m/w/d) Lebensmittel',
      price: [3450, 4600],
      text: 'Verhandlungsgeschick und Freude an Zahlen.',
      attributes: job('Vollzeit'),
      priceType: 'fixed',
    },
    {
      title: 'Freiberuflicher Handelsvertreter',
      price: [3000, 6000],
      text: 'Festes Grundhonorar plus Provision, eigenes Gebiet, freie Zeiteinteilung.',
      attributes: job('Freiberuflich'),
      priceType: 'fixed',
    },
  ],
  // Dienstleistungen (price per hour)
  kinderbetreuung: [
    {
      title: 'Erfahrene Babysitterin abends',
      price: [12, 16],
      text: 'Studentin der Pädagogik, Erste-Hilfe-Kurs am Kind.',
    },
    {
      title: 'Tagesmutter hat Plätze frei',
      price: [6, 9],
      text: 'Kleine Gruppe, großer Garten, frisches Mittagessen.',
    },
    {
      title: 'Betreuung für zwei Kinder',
      price: [13, 16],
      text: 'Wir suchen jemanden für nachmittags ab 14 Uhr, mit Abholung von der Grundschule. Der Preis ist unser Stundenlohn.',
      offerType: 'wanted',
    },
    {
      title: 'Leihoma mit viel Zeit',
      price: [10, 12],
      text: 'Vorlesen, Basteln, Spielplatz – gern auch spontan.',
    },
  ],
  'elektronik-reparaturen': [
    {
      title: 'Handy-Display-Reparatur am selben Tag',
      price: [49, 129],
      text: 'iPhone und Samsung, mit Garantie auf die Teile.',
    },
    {
      title: 'PC-Hilfe vor Ort',
      price: [30, 45],
      text: 'Viren entfernen, Drucker einrichten, Datenrettung.',
    },
    {
      title: 'Reparatur von Röhrenverstärkern',
      price: [40, 60],
      text: 'Vintage-HiFi ist meine Leidenschaft, faire Kostenvoranschläge.',
    },
    {
      title: 'Waschmaschine defekt? Schnelle Hilfe',
      price: [35, 59],
      text: 'Anfahrt im Stadtgebiet inklusive.',
    },
  ],
  'haus-garten-service': [
    {
      title: 'Rasenmähen und Heckenschnitt',
      price: [25, 35],
      text: 'Mit eigenem Gerät, Grünschnitt wird mitgenommen.',
    },
    {
      title: 'Fensterputzer für Privathaushalte',
      price: [25, 40],
      text: 'Streifenfrei, auch Rahmen und Wintergärten.',
    },
    {
      title: 'Hausmeisterservice und kleine Reparaturen',
      price: [30, 45],
      text: 'Möbelaufbau, Lampen anbringen, Silikonfugen.',
    },
    { title: 'Winterdienst für die Saison', price: [40, 80], text: 'Pauschal pro Monat, Räumen ab 6 Uhr.' },
  ],
  'kuenstler-musiker': [
    {
      title: 'DJ für Hochzeit und Geburtstag',
      price: [300, 700],
      text: 'Pauschal pro Abend, eigene Licht- und Tonanlage.',
    },
    {
      title: 'Porträtzeichnung nach Foto',
      price: [40, 120],
      text: 'Bleistift oder Aquarell, ein schönes Geschenk.',
    },
    {
      title: 'Band für Feiern – Rock und Pop',
      price: [800, 1500],
      text: 'Vier Musiker, Repertoire von den 70ern bis heute.',
    },
    {
      title: 'Fotograf für Familienfotos',
      price: [120, 250],
      text: 'Shooting im Freien, 30 bearbeitete Bilder.',
    },
  ],
  'reise-event': [
    { title: 'Hüpfburg zu vermieten', price: [70, 120], text: 'Preis pro Tag, Aufbau und Abholung möglich.' },
    { title: 'Partyzelt 6x3 m mieten', price: [40, 80], text: 'Mit Seitenwänden, ideal für Gartenfeste.' },
    {
      title: 'Stadtführungen mit Geschichten',
      price: [15, 25],
      text: 'Preis pro Person, Gruppen bis 20 Personen.',
    },
    {
      title: 'Candybar und Dekoverleih',
      price: [60, 150],
      text: 'Gläser, Ständer und Tischdeko für deine Feier.',
    },
  ],
  tierbetreuung: [
    {
      title: 'Gassi-Service in der Nachbarschaft',
      price: [10, 15],
      text: 'Eine Stunde Spaziergang, auch am Wochenende.',
    },
    {
      title: 'Katzensitter während des Urlaubs',
      price: [10, 15],
      text: 'Füttern, Streu, Streicheleinheiten – zweimal täglich.',
    },
    {
      title: 'Hundetraining für Welpen',
      price: [35, 60],
      text: 'Einzelstunde, positive Verstärkung, viel Geduld.',
    },
    {
      title: 'Pferdebetreuung und Reitbeteiligung',
      price: [80, 150],
      text: 'Pauschal pro Monat, erfahrene Reiterin.',
    },
  ],
  'umzug-transport': [
    {
      title: 'Umzugshelfer mit Transporter',
      price: [35, 55],
      text: 'Zwei kräftige Helfer, Decken und Gurte dabei.',
    },
    { title: 'Möbeltransport und Entsorgung', price: [40, 70], text: 'Sperrmüll, Kellerräumung, besenrein.' },
    {
      title: 'Kleintransporte in der Region',
      price: [30, 45],
      text: 'Einzelne Möbelstücke, Waschmaschinen, Fahrräder.',
    },
    {
      title: 'Küchenmontage nach dem Umzug',
      price: [40, 55],
      text: 'Ab- und Aufbau, Anschlüsse durch Fachbetrieb.',
    },
  ],
  'nachhilfe-unterricht': [
    {
      title: 'Mathe-Nachhilfe bis zum Abitur',
      price: [18, 30],
      text: 'Lehramtsstudent, geduldig und verständlich.',
    },
    {
      title: 'Gitarrenunterricht für Anfänger',
      price: [20, 35],
      text: 'Akustik und E-Gitarre, erste Stunde gratis.',
    },
    {
      title: 'Englisch-Konversation mit Muttersprachlerin',
      price: [22, 35],
      text: 'Online oder im Café, alle Niveaus.',
    },
    {
      title: 'Klavierunterricht für Kinder',
      price: [25, 38],
      text: 'Spielerisch lernen, Vorspiele im Sommer.',
    },
  ],
  // Elektronik
  'audio-hifi': [
    {
      title: 'Sonos One, zwei Stück',
      price: [180, 260],
      text: 'Im Stereopaar genutzt, mit Originalverpackung.',
    },
    {
      title: 'Plattenspieler Technics SL-1210',
      price: [450, 750],
      text: 'Neuer Tonabnehmer, läuft tadellos.',
    },
    { title: 'Kopfhörer Sony WH-1000XM4', price: [140, 210], text: 'Noise Cancelling, mit Etui und Kabel.' },
    {
      title: 'Stereo-Verstärker Yamaha A-S501',
      price: [200, 320],
      text: 'Kratzfreie Front, Fernbedienung dabei.',
    },
  ],
  'handy-telefon': [
    {
      title: 'iPhone 13, 128 GB, Mitternacht',
      price: [350, 480],
      text: 'Akku 88 %, immer mit Hülle und Panzerglas genutzt.',
    },
    {
      title: 'Samsung Galaxy S22, wie neu',
      price: [320, 420],
      text: 'Keine Kratzer, Rechnung vorhanden, Garantie bis nächstes Jahr.',
    },
    {
      title: 'Google Pixel 7a',
      price: [220, 300],
      text: 'Tolle Kamera, Android aktuell, inklusive Ladekabel.',
    },
    {
      title: 'Seniorenhandy mit großen Tasten',
      price: [25, 45],
      text: 'Notruftaste, Ladeschale, einfach zu bedienen.',
    },
  ],
  foto: [
    {
      title: 'Canon EOS 250D mit Kit-Objektiv',
      price: [380, 520],
      text: 'Nur 4.000 Auslösungen, Tasche und Ersatzakku.',
    },
    { title: 'Sony Alpha 7 III Body', price: [1100, 1450], text: 'Vollformat, gepflegt, Sensor gereinigt.' },
    { title: 'Stativ Manfrotto 190 mit Kopf', price: [90, 150], text: 'Stabil, kaum benutzt.' },
    {
      title: 'Analoge Kamera Pentax K1000',
      price: [120, 190],
      text: 'Klassiker für Einsteiger, Lichtmesser funktioniert.',
    },
  ],
  konsolen: [
    {
      title: 'PlayStation 5 mit zwei Controllern',
      price: [380, 480],
      text: 'Disc-Version, drei Spiele gibt es dazu.',
    },
    {
      title: 'Nintendo Switch OLED',
      price: [230, 300],
      text: 'Mit Dock und Joy-Cons, Display ohne Kratzer.',
    },
    { title: 'Xbox Series S', price: [180, 230], text: 'Originalverpackung, Controller neuwertig.' },
    { title: 'Retro-Konvolut Game Boy', price: [90, 180], text: 'Game Boy Color mit Pokémon und Zelda.' },
  ],
  notebooks: [
    {
      title: 'Lenovo ThinkPad T14, 16 GB RAM',
      price: [450, 650],
      text: 'Robustes Business-Notebook, Windows 11 installiert.',
    },
    { title: 'MacBook Air M1, 256 GB', price: [550, 720], text: 'Akku 91 %, immer mit Hülle benutzt.' },
    {
      title: 'Gaming-Laptop mit RTX 3060',
      price: [750, 1050],
      text: '144-Hz-Display, leise Lüfter, Netzteil dabei.',
    },
    {
      title: 'Chromebook für Schule und Studium',
      price: [120, 190],
      text: 'Leicht, lange Akkulaufzeit, startet in Sekunden.',
    },
  ],
  pcs: [
    { title: 'Gaming-PC Ryzen 5, RTX 3070', price: [750, 1100], text: '32 GB RAM, 1 TB SSD, Wasserkühlung.' },
    { title: 'Büro-PC Fujitsu Esprimo', price: [120, 220], text: 'Leise, sparsam, ideal fürs Homeoffice.' },
    { title: 'Mini-PC Intel NUC', price: [180, 290], text: 'Perfekt als Mediacenter oder Heimserver.' },
    { title: 'iMac 27 Zoll Retina 5K', price: [600, 900], text: 'Tolles Display, mit Tastatur und Maus.' },
  ],
  'pc-zubehoer-software': [
    {
      title: 'Monitor Dell 27 Zoll WQHD',
      price: [150, 230],
      text: 'Höhenverstellbar, USB-C, keine Pixelfehler.',
    },
    {
      title: 'Mechanische Tastatur Keychron K2',
      price: [50, 80],
      text: 'Braune Schalter, deutsches Layout.',
    },
    { title: 'Drucker HP LaserJet Pro', price: [70, 130], text: 'Schwarzweiß, WLAN, fast voller Toner.' },
    { title: 'Grafikkarte RTX 2060 Super', price: [160, 230], text: 'Nie übertaktet, Originalkarton.' },
  ],
  'tablets-reader': [
    {
      title: 'iPad 9. Generation, 64 GB',
      price: [200, 270],
      text: 'Mit Hülle und Pencil der ersten Generation.',
    },
    { title: 'Kindle Paperwhite', price: [60, 100], text: 'Beleuchtung, wasserfest, Schutzhülle dabei.' },
    { title: 'Samsung Galaxy Tab S7', price: [280, 380], text: 'Mit S Pen und Tastaturcover.' },
    { title: 'Tolino Vision 5', price: [60, 95], text: 'Ideal für die Onleihe der Stadtbücherei.' },
  ],
  'tv-video': [
    { title: 'LG OLED 55 Zoll', price: [550, 850], text: 'Satte Farben, Wandhalterung gibt es dazu.' },
    {
      title: 'Samsung 43 Zoll Smart-TV',
      price: [180, 260],
      text: 'Netflix und YouTube laufen, Fernbedienung dabei.',
    },
    {
      title: 'Beamer Epson Full HD',
      price: [250, 380],
      text: 'Lampe mit wenigen Stunden, Leinwand möglich.',
    },
    { title: 'Soundbar Bose TV Speaker', price: [120, 180], text: 'Klarer Klang, HDMI-ARC.' },
  ],
  haushaltsgeraete: [
    {
      title: 'Kaffeevollautomat De’Longhi',
      price: [180, 320],
      text: 'Entkalkt, Milchaufschäumer, gepflegt.',
    },
    {
      title: 'Waschmaschine Bosch 8 kg',
      price: [180, 290],
      text: 'Energieklasse A, läuft einwandfrei, Abholung im Erdgeschoss.',
      attributes: { shipping: 'Nur Abholung' },
    },
    { title: 'Staubsaugerroboter Roborock', price: [150, 240], text: 'Mit Wischfunktion und App-Steuerung.' },
    { title: 'Kühlschrank mit Gefrierfach', price: [90, 180], text: 'Sauber, leise, 85 cm hoch.' },
  ],
  // Haustiere
  hunde: [
    {
      title: 'Labrador-Welpen aus Hobbyzucht',
      price: [900, 1400],
      text: 'Geimpft, gechippt, mit EU-Heimtierausweis, Eltern vor Ort.',
      attributes: pet('Hund'),
      ageMonths: [2, 3],
    },
    {
      title: 'Mischlingshündin sucht liebevolles Zuhause',
      price: [150, 350],
      text: 'Etwa 4 Jahre alt, verträglich mit Kindern, stubenrein, Schutzgebühr.',
      attributes: pet('Hund'),
    },
    {
      title: 'Australian Shepherd Junghund',
      price: [700, 1100],
      text: 'Verspielt und klug, braucht aktive Menschen.',
      attributes: pet('Hund'),
      ageMonths: [7, 11],
    },
    {
      title: 'Dackel-Senior in gute Hände',
      price: [50, 150],
      text: '11 Jahre alt, ruhig und verschmust, kennt Katzen.',
      attributes: pet('Hund'),
    },
  ],
  katzen: [
    {
      title: 'Zwei Kitten, Geschwisterpärchen',
      price: [150, 300],
      text: 'Nur zusammen abzugeben, entwurmt und geimpft.',
      attributes: pet('Katze'),
      ageMonths: [2, 4],
    },
    {
      title: 'Maine-Coon-Kater',
      price: [700, 1000],
      text: '3 Jahre alt, sehr menschenbezogen, mit Stammbaum.',
      attributes: pet('Katze'),
    },
    {
      title: 'Freigängerkatze sucht neues Zuhause',
      price: [50, 120],
      text: '6 Jahre alt, kastriert, wegen Umzug abzugeben.',
      attributes: pet('Katze'),
    },
    {
      title: 'Britisch-Kurzhaar-Kitten',
      price: [600, 900],
      text: 'Verspielt, an Kratzbaum und Katzenklo gewöhnt.',
      attributes: pet('Katze'),
      ageMonths: [3, 4],
    },
  ],
  kleintiere: [
    {
      title: 'Zwei Zwergkaninchen mit Gehege',
      price: [40, 90],
      text: 'Beide 2 Jahre alt und kastriert, Stall und Zubehör gibt es dazu.',
      attributes: pet('Kaninchen'),
    },
    {
      title: 'Meerschweinchen-Böckchen',
      price: [15, 30],
      text: 'Zahm und neugierig, gern zu einer Gruppe.',
      attributes: pet('Meerschweinchen'),
      ageMonths: [3, 8],
    },
    {
      title: 'Goldhamster mit Käfig',
      price: [20, 50],
      text: 'Großer Käfig mit Laufrad und Häuschen.',
      attributes: pet('Hamster'),
      ageMonths: [4, 10],
    },
    {
      title: 'Farbratten-Mädels',
      price: [10, 25],
      text: 'Drei Schwestern, nur zusammen.',
      attributes: pet('Ratte'),
      ageMonths: [3, 6],
    },
  ],
  fische: [
    {
      title: 'Koi aus eigenem Teich',
      price: [30, 120],
      text: 'Verschiedene Größen, gesund und farbenfroh.',
      attributes: pet('Teichfisch'),
    },
    {
      title: 'Guppys aus Aquarienhaltung',
      price: [2, 6],
      text: 'Preis pro Tier, bunte Mischung.',
      attributes: pet('Zierfisch'),
    },
    {
      title: 'Skalare, Nachzucht',
      price: [8, 15],
      text: 'Etwa handtellergroß, friedlich.',
      attributes: pet('Zierfisch'),
    },
    {
      title: 'Goldfische für den Gartenteich',
      price: [3, 8],
      text: 'Robust und winterhart.',
      attributes: pet('Teichfisch'),
    },
  ],
  voegel: [
    {
      title: 'Wellensittich-Pärchen',
      price: [30, 60],
      text: 'Beide etwa 3 Jahre alt, handzahm, mit großem Käfig und Zubehör.',
      attributes: pet('Wellensittich'),
    },
    {
      title: 'Kanarienvogel Hahn, singt schön',
      price: [25, 45],
      text: 'Aus Hobbyzucht, beringt.',
      attributes: pet('Kanarienvogel'),
      ageMonths: [9, 11],
    },
    {
      title: 'Graupapagei mit Papieren',
      price: [900, 1400],
      text: '15 Jahre alt, spricht einige Wörter, sehr anhänglich.',
      attributes: pet('Papagei'),
    },
    {
      title: 'Zebrafinken aus Voliere',
      price: [10, 20],
      text: 'Preis pro Paar, gesund und munter.',
      attributes: pet('Andere'),
    },
  ],
  pferde: [
    {
      title: 'Haflinger-Stute, 8 Jahre',
      price: [4500, 7500],
      text: 'Geländesicher, verladefromm, auch für Kinder.',
      attributes: pet('Pferd'),
    },
    {
      title: 'Shetlandpony für die Familie',
      price: [900, 1600],
      text: '12 Jahre alt, brav, hufschmiedfromm, kennt Kutsche.',
      attributes: pet('Pony'),
    },
    {
      title: 'Reitbeteiligung auf Warmblut',
      price: [120, 200],
      text: 'Preis pro Monat, zwei bis drei Tage die Woche, Wallach mit 14 Jahren.',
      attributes: pet('Pferd'),
    },
    {
      title: 'Zwei Esel als Landschaftspfleger',
      price: [600, 1200],
      text: '6 und 9 Jahre alt, nur zusammen, sehr sozial.',
      attributes: pet('Esel'),
    },
  ],
  nutztiere: [
    {
      title: 'Junghennen aus Freilandhaltung',
      price: [12, 20],
      text: 'Preis pro Tier, legereif, geimpft.',
      attributes: pet('Huhn'),
      ageMonths: [4, 5],
    },
    {
      title: 'Zwergziegen-Böcklein',
      price: [80, 150],
      text: 'Flaschenkinder, sehr zutraulich.',
      attributes: pet('Ziege'),
      ageMonths: [2, 4],
    },
    {
      title: 'Schafe zur Beweidung',
      price: [120, 220],
      text: 'Kleine Herde Coburger Fuchsschafe.',
      attributes: pet('Schaf'),
    },
    {
      title: 'Laufenten für den Garten',
      price: [15, 25],
      text: 'Schneckenjäger aus Leidenschaft.',
      attributes: pet('Andere'),
    },
  ],
  'vermisste-tiere': [
    {
      title: 'Kater Moritz vermisst',
      price: [0, 0],
      text: 'Getigert, mit blauem Halsband, sehr scheu. Bitte melden!',
      priceType: 'fixed',
      offerType: 'wanted',
    },
    {
      title: 'Wellensittich zugeflogen',
      price: [0, 0],
      text: 'Grün-gelb, sehr zahm, wartet auf seine Familie.',
      priceType: 'fixed',
    },
    {
      title: 'Hündin Lotte entlaufen',
      price: [0, 0],
      text: 'Kleiner schwarzer Mischling, hört auf ihren Namen.',
      priceType: 'fixed',
      offerType: 'wanted',
    },
    {
      title: 'Schildkröte im Garten gefunden',
      price: [0, 0],
      text: 'Griechische Landschildkröte, etwa 15 cm groß.',
      priceType: 'fixed',
    },
  ],
  tierzubehoer: [
    { title: 'Kratzbaum deckenhoch', price: [30, 70], text: 'Mit Höhlen und Hängematte, stabil.' },
    { title: 'Hundebox für das Auto', price: [60, 120], text: 'Aluminium, Größe L, rutschfeste Matte.' },
    {
      title: 'Aquarium 120 Liter komplett',
      price: [80, 160],
      text: 'Mit Filter, Heizung, Beleuchtung und Deko.',
    },
    { title: 'Westernsattel mit Zubehör', price: [250, 450], text: 'Gepflegtes Leder, Satteldecke dabei.' },
  ],
  // Eintrittskarten & Tickets (price per ticket)
  konzerte: [
    {
      title: '2 Tickets für das Stadionkonzert',
      price: [80, 160],
      text: 'Stehplatz Innenraum, Übergabe persönlich oder per App.',
    },
    {
      title: 'Konzertkarte Philharmonie, Parkett',
      price: [40, 90],
      text: 'Beethoven-Abend, sehr gute Sicht.',
    },
    { title: 'Jazzabend im Club – 2 Karten', price: [25, 45], text: 'Leider verhindert, zum Originalpreis.' },
    { title: 'Tickets für die Abschiedstour', price: [90, 180], text: 'Sitzplatz Oberrang, Reihe 4.' },
  ],
  'sport-tickets': [
    {
      title: 'Bundesliga-Tickets Heimspiel',
      price: [35, 80],
      text: 'Zwei Sitzplätze nebeneinander, Gegengerade.',
    },
    { title: 'Handball-Länderspiel, 4 Karten', price: [25, 45], text: 'Familienblock, Preis pro Karte.' },
    { title: 'Dauerkarte Eishockey zur Untermiete', price: [20, 30], text: 'Preis pro Spiel, Stehplatz.' },
    {
      title: 'Startplatz Stadtmarathon',
      price: [60, 95],
      text: 'Umschreibung über den Veranstalter möglich.',
    },
  ],
  'theater-musical': [
    { title: 'Musical-Tickets „König der Löwen“', price: [90, 150], text: 'Zwei Plätze, Preiskategorie 2.' },
    { title: 'Theaterabo-Karten abzugeben', price: [20, 40], text: 'Schauspielhaus, Premiere, Rang Mitte.' },
    { title: 'Opernkarten für die Zauberflöte', price: [45, 95], text: 'Ideal für einen Abend mit Kindern.' },
    { title: 'Ballett-Gala, 2 Karten', price: [50, 110], text: 'Parkett, Reihe 12.' },
  ],
  'comedy-kabarett': [
    { title: 'Comedy-Abend, 2 Tickets', price: [30, 55], text: 'Stand-up mit bekanntem Gast, Sitzplätze.' },
    { title: 'Kabarett im Kleinkunsttheater', price: [20, 35], text: 'Politisches Programm, erste Reihe.' },
    { title: 'Impro-Theater Gutschein', price: [15, 25], text: 'Für einen Abend nach Wahl.' },
    { title: 'Poetry Slam, 3 Karten', price: [10, 18], text: 'Finale der Stadtmeisterschaft.' },
  ],
  'bahn-oepnv': [
    {
      title: 'Fahrgemeinschaft zur Arbeit',
      price: [0, 0],
      text: 'Täglich gegen 7 Uhr, Spritkosten werden geteilt.',
      priceType: 'fixed',
      offerType: 'wanted',
    },
    { title: 'Bahn-Gutschein 50 Euro', price: [40, 45], text: 'Einlösbar bis Jahresende.' },
    {
      title: 'Monatskarte Semester abzugeben',
      price: [60, 120],
      text: 'Umschreibung über das Verkehrsunternehmen.',
    },
    { title: 'Zugticket Hamburg–München', price: [30, 60], text: 'Flexpreis, umbuchbar.' },
  ],
  kino: [
    { title: 'Kinogutscheine, 5 Stück', price: [30, 45], text: 'In allen Häusern der Kette einlösbar.' },
    { title: 'Premierenkarten Filmfest', price: [12, 20], text: 'Mit Gespräch mit der Regisseurin.' },
    { title: 'Open-Air-Kino, 2 Karten', price: [10, 16], text: 'Liegestühle inklusive.' },
    {
      title: 'Übertragbares Kinoabo für einen Monat',
      price: [15, 25],
      text: 'Ich möchte einen Monat lang viele Filme sehen und übernehme gern ein Abo.',
      offerType: 'wanted',
    },
  ],
  festivals: [
    {
      title: 'Festivalticket mit Camping',
      price: [180, 260],
      text: 'Drei Tage, Wristband wird per Einschreiben verschickt.',
    },
    { title: 'Tagesticket Elektro-Festival', price: [60, 95], text: 'Samstag, inklusive Shuttle.' },
    {
      title: 'Zwei Wochenendtickets Rock-Festival',
      price: [150, 230],
      text: 'Umpersonalisierung über die Plattform.',
    },
    {
      title: 'Ticket für das Folkfestival',
      price: [60, 90],
      text: 'Ein Wochenendticket, gern auch mit Camping.',
      offerType: 'wanted',
    },
  ],
  // Zu verschenken & Tauschen
  'zu-verschenken': [
    {
      title: 'Sofa zu verschenken',
      price: [0, 0],
      text: 'Muss abgeholt werden, zweites Obergeschoss ohne Aufzug.',
      priceType: 'free',
    },
    {
      title: 'Umzugskartons gratis',
      price: [0, 0],
      text: 'Etwa 30 Stück, einmal benutzt.',
      priceType: 'free',
    },
    {
      title: 'Kinderbücher an Selbstabholer',
      price: [0, 0],
      text: 'Eine Kiste voller Bilderbücher.',
      priceType: 'free',
    },
    { title: 'Erde und Pflanztöpfe', price: [0, 0], text: 'Aus der Balkonsaison übrig.', priceType: 'free' },
  ],
  tauschen: [
    {
      title: 'Tausche Nähmaschine gegen Fahrrad',
      price: [0, 0],
      text: 'Nähmaschine funktioniert, suche ein Damenrad.',
      priceType: 'fixed',
    },
    {
      title: 'Pflanzenableger zum Tauschen',
      price: [0, 0],
      text: 'Monstera, Efeutute, Grünlilie – gern gegen Kakteen.',
      priceType: 'fixed',
    },
    {
      title: 'Brettspiele tauschen',
      price: [0, 0],
      text: 'Viele Klassiker, suche neue Strategiespiele.',
      priceType: 'fixed',
    },
    {
      title: 'Tausche Babykleidung Gr. 62 gegen 74',
      price: [0, 0],
      text: 'Gut erhalten, eine Tüte voll.',
      priceType: 'fixed',
    },
  ],
  verleihen: [
    { title: 'Bohrhammer zu verleihen', price: [10, 20], text: 'Preis pro Tag, mit Bohrersatz.' },
    { title: 'Hochdruckreiniger leihen', price: [10, 15], text: 'Preis pro Tag, für Terrasse und Auto.' },
    { title: 'Dachbox zum Ausleihen', price: [20, 35], text: 'Preis pro Woche, passende Träger vorhanden.' },
    { title: 'Bierzeltgarnitur verleihen', price: [8, 15], text: 'Preis pro Wochenende und Garnitur.' },
  ],
  // Mode & Beauty
  damenbekleidung: [
    {
      title: 'Winterjacke Damen, Größe M',
      price: [35, 80],
      text: 'Warm gefüttert, Kapuze abnehmbar.',
      attributes: { size: 'M', brand: 'Esprit' },
    },
    {
      title: 'Sommerkleid mit Blumenmuster',
      price: [15, 35],
      text: 'Einmal getragen, luftiger Stoff.',
      attributes: { size: 'S', brand: 'H&M' },
    },
    {
      title: 'Jeans-Paket Größe L',
      price: [20, 45],
      text: 'Vier Hosen, verschiedene Schnitte.',
      attributes: { size: 'L', brand: 'Levi’s' },
    },
    {
      title: 'Abendkleid, bodenlang',
      price: [60, 140],
      text: 'Dunkelblau, nur zur Hochzeit getragen.',
      attributes: { size: 'M' },
    },
  ],
  damenschuhe: [
    {
      title: 'Lederstiefel Größe 39',
      price: [40, 90],
      text: 'Cognacfarben, kaum getragen.',
      attributes: { shoe_size: 39, brand: 'Tamaris' },
    },
    {
      title: 'Sneaker Nike Air Max 38',
      price: [45, 80],
      text: 'Weiß, sauber, mit Karton.',
      attributes: { shoe_size: 38, brand: 'Nike' },
    },
    {
      title: 'Wanderschuhe Damen 40',
      price: [50, 95],
      text: 'Wasserdicht, guter Halt.',
      attributes: { shoe_size: 40, brand: 'Meindl' },
    },
    {
      title: 'Pumps schwarz, Größe 37',
      price: [20, 45],
      text: 'Mittlerer Absatz, bequem.',
      attributes: { shoe_size: 37 },
    },
  ],
  herrenbekleidung: [
    {
      title: 'Anzug dunkelblau, Größe L',
      price: [60, 140],
      text: 'Slim Fit, einmal chemisch gereinigt.',
      attributes: { size: 'L', brand: 'Hugo Boss' },
    },
    {
      title: 'Outdoorjacke Herren XL',
      price: [60, 120],
      text: 'Atmungsaktiv, viele Taschen.',
      attributes: { size: 'XL', brand: 'Jack Wolfskin' },
    },
    {
      title: 'Hemden-Paket, 5 Stück, Größe M',
      price: [25, 50],
      text: 'Bügelleicht, verschiedene Farben.',
      attributes: { size: 'M' },
    },
    {
      title: 'Motorradjacke Leder',
      price: [90, 180],
      text: 'Mit Protektoren, kaum getragen.',
      attributes: { size: 'L' },
    },
  ],
  herrenschuhe: [
    {
      title: 'Lederschuhe Budapester 43',
      price: [50, 110],
      text: 'Rahmengenäht, frisch besohlt.',
      attributes: { shoe_size: 43 },
    },
    {
      title: 'Laufschuhe Asics Gel 44',
      price: [40, 70],
      text: 'Etwa 200 km gelaufen.',
      attributes: { shoe_size: 44, brand: 'Asics' },
    },
    {
      title: 'Sicherheitsschuhe S3, Größe 45',
      price: [30, 55],
      text: 'Neu, falsche Größe bestellt.',
      attributes: { shoe_size: 45 },
    },
    {
      title: 'Chelsea Boots braun 42',
      price: [45, 90],
      text: 'Wildleder, imprägniert.',
      attributes: { shoe_size: 42 },
    },
  ],
  'taschen-accessoires': [
    { title: 'Lederhandtasche cognac', price: [40, 120], text: 'Mit Schulterriemen, viele Fächer.' },
    { title: 'Reisekoffer Hartschale, groß', price: [50, 110], text: 'Vier Rollen, TSA-Schloss.' },
    { title: 'Rucksack für Laptop 15 Zoll', price: [25, 55], text: 'Gepolstertes Fach, wasserabweisend.' },
    { title: 'Sonnenbrille Ray-Ban Wayfarer', price: [50, 90], text: 'Mit Etui, keine Kratzer.' },
  ],
  'uhren-schmuck': [
    { title: 'Automatikuhr, Edelstahl', price: [150, 450], text: 'Läuft genau, mit Box und Papieren.' },
    { title: 'Silberkette mit Anhänger', price: [25, 60], text: '925er Silber, 45 cm.' },
    { title: 'Smartwatch Garmin Forerunner', price: [120, 220], text: 'GPS, Pulsmessung, Ladekabel.' },
    { title: 'Goldohrringe, 585er', price: [90, 200], text: 'Kleine Creolen, Geschenk doppelt bekommen.' },
  ],
  'beauty-gesundheit': [
    { title: 'Haarglätter Dyson Corrale', price: [180, 260], text: 'Kabellos, kaum benutzt.' },
    { title: 'Massagegerät für den Nacken', price: [25, 50], text: 'Mit Wärmefunktion.' },
    { title: 'Parfum-Set, ungeöffnet', price: [30, 70], text: 'Geschenk, nicht mein Duft.' },
    { title: 'Elektrische Zahnbürste Oral-B', price: [30, 60], text: 'Mit Reiseetui und Ersatzbürsten.' },
  ],
  // Möbel & Wohnen
  wohnzimmer: [
    {
      title: 'Ecksofa grau mit Schlaffunktion',
      price: [250, 550],
      text: 'Stauraum unter der Liegefläche, Nichtraucherhaushalt.',
    },
    { title: 'Couchtisch Eiche massiv', price: [80, 180], text: 'Mit Ablage, leichte Gebrauchsspuren.' },
    {
      title: 'TV-Lowboard weiß Hochglanz',
      price: [60, 140],
      text: '180 cm breit, zwei Klappen, zwei Schubladen.',
    },
    { title: 'Bücherregal Kallax 4x4', price: [50, 90], text: 'Bereits zerlegt, Schrauben vollständig.' },
  ],
  schlafzimmer: [
    { title: 'Boxspringbett 180x200', price: [300, 650], text: 'Mit Topper, Kopfteil gepolstert.' },
    { title: 'Kleiderschrank mit Spiegeltüren', price: [120, 280], text: 'Schwebetüren, 200 cm breit.' },
    { title: 'Kommode mit sechs Schubladen', price: [50, 110], text: 'Massivholz, weiß lackiert.' },
    { title: 'Nachttische, ein Paar', price: [30, 70], text: 'Skandinavisches Design.' },
  ],
  'kueche-esszimmer': [
    {
      title: 'Esstisch ausziehbar mit 6 Stühlen',
      price: [180, 420],
      text: 'Von 160 auf 220 cm, Stühle gepolstert.',
    },
    {
      title: 'Einbauküche mit Geräten',
      price: [900, 2200],
      text: 'Ceranfeld, Backofen, Spülmaschine, selbst abbauen.',
    },
    { title: 'Barhocker, 4 Stück', price: [60, 140], text: 'Höhenverstellbar, drehbar.' },
    { title: 'Vitrine für Geschirr', price: [70, 160], text: 'Glastüren, Innenbeleuchtung.' },
  ],
  buero: [
    {
      title: 'Höhenverstellbarer Schreibtisch',
      price: [150, 320],
      text: 'Elektrisch, 160x80 cm, Memoryfunktion.',
    },
    { title: 'Bürostuhl ergonomisch', price: [80, 220], text: 'Lordosenstütze, Armlehnen verstellbar.' },
    {
      title: 'Rollcontainer abschließbar',
      price: [30, 60],
      text: 'Drei Schubladen, passt unter jeden Tisch.',
    },
    { title: 'Aktenschrank Metall', price: [60, 140], text: 'Zwei Türen, vier Fachböden.' },
  ],
  badezimmer: [
    { title: 'Spiegelschrank mit Beleuchtung', price: [50, 120], text: 'Steckdose integriert, 80 cm breit.' },
    { title: 'Waschtisch mit Unterschrank', price: [80, 190], text: 'Inklusive Armatur, Eiche-Optik.' },
    { title: 'Handtuchheizkörper', price: [40, 90], text: 'Weiß, 120 cm hoch, Anschlüsse unten.' },
    { title: 'Badregal aus Bambus', price: [15, 35], text: 'Drei Ebenen, platzsparend.' },
  ],
  dekoration: [
    { title: 'Großer Wandspiegel mit Goldrahmen', price: [40, 110], text: '90x60 cm, barock.' },
    { title: 'Kunstdrucke im Rahmen, 3er-Set', price: [25, 60], text: 'Botanische Motive, 40x50 cm.' },
    { title: 'Weihnachtsdeko-Kiste', price: [10, 30], text: 'Kugeln, Lichterketten, Krippe.' },
    { title: 'Bodenvase mit Pampasgras', price: [20, 45], text: 'Keramik, 60 cm hoch.' },
  ],
  'lampen-licht': [
    { title: 'Stehlampe Messing', price: [40, 110], text: 'Dimmbar, warmes Licht.' },
    { title: 'Pendelleuchte Rattan', price: [25, 60], text: 'Boho-Stil, 45 cm Durchmesser.' },
    { title: 'Schreibtischlampe LED', price: [15, 35], text: 'Mit Ladefunktion fürs Handy.' },
    { title: 'Kronleuchter mit Kristallen', price: [80, 220], text: 'Sechs Arme, sehr festlich.' },
  ],
  teppiche: [
    { title: 'Perserteppich handgeknüpft', price: [150, 550], text: '200x300 cm, gereinigt.' },
    { title: 'Hochflorteppich grau', price: [40, 90], text: '160x230 cm, sehr weich.' },
    { title: 'Läufer für den Flur', price: [20, 45], text: '80x250 cm, rutschfest.' },
    { title: 'Kinderteppich Straßenmuster', price: [15, 35], text: 'Für kleine Autofans.' },
  ],
  // Haus & Garten
  'garten-pflanzen': [
    {
      title: 'Rasenmäher Benzin mit Fangkorb',
      price: [90, 220],
      text: 'Springt sofort an, Messer frisch geschliffen.',
    },
    { title: 'Gartenmöbel-Set aus Teak', price: [200, 480], text: 'Tisch und vier Stühle, geölt.' },
    {
      title: 'Olivenbaum im Kübel',
      price: [60, 150],
      text: 'Etwa 1,60 m hoch, winterhart bis minus 8 Grad.',
    },
    { title: 'Hochbeet aus Lärche', price: [70, 160], text: 'Bausatz, 200x80 cm.' },
  ],
  heimwerken: [
    { title: 'Tapeziertisch und Zubehör', price: [15, 35], text: 'Klappbar, mit Kleisterbürste.' },
    { title: 'Fliesenschneider 60 cm', price: [30, 70], text: 'Präzise Schnitte, kaum benutzt.' },
    { title: 'Leiter Aluminium, dreiteilig', price: [60, 130], text: 'Bis 7 m Arbeitshöhe.' },
    { title: 'Werkbank mit Schraubstock', price: [60, 140], text: 'Massive Buchenplatte.' },
  ],
  baumaterial: [
    { title: 'Laminat Eiche, 25 m² übrig', price: [80, 180], text: 'Originalverpackt, Klicksystem.' },
    {
      title: 'Pflastersteine grau, 10 m²',
      price: [60, 140],
      text: 'Abholung mit Anhänger.',
      attributes: { shipping: 'Nur Abholung' },
    },
    { title: 'Rigipsplatten, 20 Stück', price: [50, 110], text: 'Standardmaß, trocken gelagert.' },
    { title: 'Dachziegel Restposten', price: [40, 100], text: 'Rot engobiert, etwa 200 Stück.' },
  ],
  werkzeug: [
    { title: 'Akkuschrauber Makita mit 2 Akkus', price: [90, 170], text: 'Mit Koffer und Ladegerät.' },
    { title: 'Kreissäge Bosch', price: [70, 140], text: 'Neues Sägeblatt, Parallelanschlag.' },
    { title: 'Werkzeugkoffer 120-teilig', price: [40, 90], text: 'Vollständig, Chrom-Vanadium.' },
    { title: 'Kompressor 50 Liter', price: [90, 190], text: 'Mit Reifenfüller und Schlauch.' },
  ],
  'heizung-klima': [
    { title: 'Mobile Klimaanlage', price: [120, 260], text: 'Mit Abluftschlauch und Fensterabdichtung.' },
    {
      title: 'Kaminofen mit Sichtfenster',
      price: [300, 700],
      text: '7 kW, Schornsteinfeger-Abnahme vorhanden.',
    },
    { title: 'Heizlüfter für die Werkstatt', price: [30, 70], text: '2.000 Watt, Thermostat.' },
    { title: 'Luftentfeuchter 20 Liter/Tag', price: [80, 150], text: 'Ideal für Keller.' },
  ],
  // Familie, Kind & Baby
  kinderkleidung: [
    {
      title: 'Babykleidung-Paket Größe 62',
      price: [15, 40],
      text: 'Bodys, Strampler, Mützchen – über 30 Teile.',
      attributes: { size_cm: 62 },
    },
    {
      title: 'Schneeanzug Größe 98',
      price: [15, 35],
      text: 'Warm und wasserdicht.',
      attributes: { size_cm: 98 },
    },
    {
      title: 'Kommunionkleid Größe 140',
      price: [40, 90],
      text: 'Einmal getragen, mit Bolero.',
      attributes: { size_cm: 140 },
    },
    {
      title: 'Matschhose und Regenjacke 110',
      price: [10, 25],
      text: 'Für Kita und Waldspaziergang.',
      attributes: { size_cm: 110 },
    },
  ],
  'kinderwagen-buggys': [
    { title: 'Kinderwagen 3in1 mit Babyschale', price: [180, 420], text: 'Wanne, Sportsitz und Adapter.' },
    { title: 'Buggy leicht und faltbar', price: [50, 120], text: 'Passt ins Handgepäck.' },
    { title: 'Geschwisterwagen', price: [150, 350], text: 'Für zwei Kinder hintereinander.' },
    { title: 'Jogger-Kinderwagen', price: [120, 260], text: 'Luftreifen, feststellbares Vorderrad.' },
  ],
  spielzeug: [
    { title: 'Lego-Sammlung, 8 kg', price: [80, 180], text: 'Gemischte Steine, viele Figuren.' },
    {
      title: 'Holzeisenbahn mit viel Zubehör',
      price: [40, 90],
      text: 'Kompatibel mit allen gängigen Marken.',
    },
    { title: 'Puppenhaus mit Möbeln', price: [35, 80], text: 'Drei Etagen, Licht funktioniert.' },
    { title: 'Playmobil Feuerwehr', price: [30, 70], text: 'Mit Leiterwagen und Figuren.' },
  ],
  kinderzimmermoebel: [
    { title: 'Hochbett mit Rutsche', price: [120, 280], text: 'Massivholz, inklusive Lattenrost.' },
    { title: 'Wickelkommode weiß', price: [60, 140], text: 'Aufsatz abnehmbar, danach normale Kommode.' },
    { title: 'Kinderschreibtisch höhenverstellbar', price: [70, 160], text: 'Mit Stuhl, wächst mit.' },
    { title: 'Babybett 70x140', price: [50, 110], text: 'Umbaubar zum Juniorbett.' },
  ],
  kindersitze: [
    { title: 'Kindersitz Isofix 9–18 kg', price: [60, 140], text: 'Unfallfrei, Bezug waschbar.' },
    {
      title: 'Babyschale Maxi-Cosi mit Station',
      price: [80, 180],
      text: 'Sonnenverdeck und Neugeborenen-Einsatz.',
    },
    { title: 'Sitzerhöhung mit Rückenlehne', price: [20, 45], text: 'Für Kinder ab vier Jahren.' },
    { title: 'Reboarder bis 4 Jahre', price: [120, 240], text: 'Drehbar, sehr sicher.' },
  ],
  altenpflege: [
    { title: 'Rollator leicht, faltbar', price: [40, 90], text: 'Mit Sitz und Korb.' },
    {
      title: 'Pflegebett elektrisch',
      price: [200, 450],
      text: 'Mit Seitengittern, muss abgebaut werden.',
      attributes: { shipping: 'Nur Abholung' },
    },
    { title: 'Duschhocker und Haltegriffe', price: [15, 35], text: 'Kaum benutzt.' },
    {
      title: 'Treppenlift-Sitz gebraucht',
      price: [600, 1500],
      text: 'Für gerade Treppen, Einbau durch Fachfirma.',
    },
  ],
  // Freizeit, Hobby & Nachbarschaft
  'sport-camping': [
    { title: 'Zelt für 4 Personen', price: [60, 140], text: 'Zwei Kabinen, Vorraum, wasserdicht.' },
    { title: 'Laufband klappbar', price: [150, 350], text: 'Bis 14 km/h, Steigung einstellbar.' },
    { title: 'Skiausrüstung komplett', price: [120, 260], text: 'Ski, Bindung, Stöcke und Schuhe Größe 42.' },
    { title: 'Kurzhantel-Set 2x20 kg', price: [40, 80], text: 'Gusseisen, Scheiben verstellbar.' },
  ],
  sammeln: [
    { title: 'Briefmarkensammlung Deutschland', price: [80, 250], text: 'Alben von 1960 bis 2000.' },
    { title: 'Fußball-Sammelalbum komplett', price: [30, 70], text: 'Alle Sticker eingeklebt.' },
    { title: 'Münzen-Konvolut Euro', price: [40, 120], text: 'Gedenkmünzen und Kursmünzensätze.' },
    { title: 'Modellautos 1:18', price: [25, 60], text: 'Klassiker, in Originalverpackung.' },
  ],
  modellbau: [
    { title: 'Märklin H0 Startset', price: [90, 180], text: 'Mit Trafo, Gleisen und zwei Zügen.' },
    { title: 'RC-Auto Offroad 1:10', price: [80, 170], text: 'Brushless-Motor, zwei Akkus.' },
    { title: 'Modellflugzeug-Bausatz', price: [30, 70], text: 'Balsaholz, ungeöffnet.' },
    { title: 'Airbrush-Set mit Kompressor', price: [60, 130], text: 'Ideal für Miniaturen.' },
  ],
  'kunst-antiquitaeten': [
    { title: 'Ölgemälde Landschaft, signiert', price: [120, 450], text: 'Goldrahmen, 70x50 cm.' },
    { title: 'Antiker Sekretär', price: [250, 650], text: 'Um 1900, Schlüssel vorhanden.' },
    { title: 'Porzellan-Service 12 Personen', price: [80, 220], text: 'Mit Goldrand, vollständig.' },
    { title: 'Standuhr aus Eiche', price: [200, 500], text: 'Läuft, schlägt zur vollen Stunde.' },
  ],
  'reise-urlaub': [
    { title: 'Reisegutschein 200 Euro', price: [160, 185], text: 'Für Pauschalreisen, gültig zwei Jahre.' },
    { title: 'Mitfahrgelegenheit nach Italien', price: [40, 80], text: 'Zwei Plätze frei im August.' },
    {
      title: 'Campingausrüstung für den Urlaub leihen',
      price: [30, 60],
      text: 'Preis pro Woche, Kocher, Stühle, Tisch.',
    },
    {
      title: 'Reisebegleitung für Skandinavien',
      price: [0, 0],
      text: 'Roadtrip mit dem Van, Kosten werden geteilt.',
      priceType: 'fixed',
      offerType: 'wanted',
    },
  ],
  nachbarschaftshilfe: [
    {
      title: 'Hilfe beim Einkaufen',
      price: [0, 0],
      text: 'Für ältere Nachbarn, kostenlos.',
      priceType: 'fixed',
    },
    {
      title: 'Hilfe beim Streichen',
      price: [15, 20],
      text: 'Ein Zimmer, Farbe ist vorhanden. Ich zahle den genannten Betrag pro Stunde.',
      priceType: 'fixed',
      offerType: 'wanted',
    },
    {
      title: 'Blumen gießen im Urlaub',
      price: [0, 0],
      text: 'Ich übernehme das gern, gegen Kuchen.',
      priceType: 'fixed',
    },
    {
      title: 'Bohrmaschine für ein Loch',
      price: [0, 0],
      text: 'Wer kann kurz mit einer Bohrmaschine aushelfen?',
      priceType: 'fixed',
      offerType: 'wanted',
    },
  ],
  'verloren-gefunden': [
    {
      title: 'Schlüsselbund am Spielplatz gefunden',
      price: [0, 0],
      text: 'Mit rotem Anhänger, liegt beim Kiosk.',
      priceType: 'fixed',
    },
    {
      title: 'Brille verloren',
      price: [0, 0],
      text: 'Schwarze Fassung, Finderlohn.',
      priceType: 'fixed',
      offerType: 'wanted',
    },
    {
      title: 'Kuscheltier Hase gefunden',
      price: [0, 0],
      text: 'An der Bushaltestelle, sehr geliebt.',
      priceType: 'fixed',
    },
    {
      title: 'Ehering verloren – bitte melden',
      price: [0, 0],
      text: 'Gravur innen, hoher ideeller Wert.',
      priceType: 'fixed',
      offerType: 'wanted',
    },
  ],
  // Musik, Filme & Bücher
  'buecher-zeitschriften': [
    { title: 'Harry-Potter-Buchreihe komplett', price: [40, 80], text: 'Gebundene Ausgaben, gut erhalten.' },
    { title: 'Kochbücher-Paket', price: [15, 35], text: 'Vegetarisch, Backen, Italien.' },
    { title: 'Fachbücher Informatik', price: [20, 60], text: 'Für das Studium, mit Markierungen.' },
    { title: 'Krimis skandinavisch, 10 Stück', price: [10, 25], text: 'Taschenbücher, gelesen.' },
  ],
  musikinstrumente: [
    {
      title: 'E-Piano Yamaha mit Ständer',
      price: [250, 480],
      text: '88 gewichtete Tasten, Kopfhörerausgang.',
    },
    { title: 'Akustikgitarre mit Tasche', price: [80, 180], text: 'Neue Saiten, gute Bespielbarkeit.' },
    { title: 'Schlagzeug für Einsteiger', price: [180, 350], text: 'Mit Becken und Hocker.' },
    { title: 'Geige 4/4 mit Bogen', price: [150, 400], text: 'Im Koffer, frisch eingestellt.' },
  ],
  'cds-vinyl': [
    { title: 'Schallplattensammlung 70er Rock', price: [80, 220], text: 'Etwa 60 LPs, gut gepflegt.' },
    { title: 'CD-Sammlung Klassik', price: [25, 60], text: 'Über 100 CDs, Bach bis Mahler.' },
    { title: 'Vinyl Neuauflage, eingeschweißt', price: [20, 35], text: 'Doppelalbum, Gatefold.' },
    { title: 'Singles-Kiste 80er', price: [30, 70], text: 'Neue Deutsche Welle und Pop.' },
  ],
  'filme-dvds': [
    { title: 'DVD-Sammlung, 80 Filme', price: [30, 70], text: 'Von Komödie bis Thriller.' },
    { title: 'Blu-ray Box Herr der Ringe', price: [25, 45], text: 'Extended Edition.' },
    { title: 'Serienboxen Krimis', price: [20, 45], text: 'Mehrere Staffeln komplett.' },
    { title: 'Kinderfilme auf DVD', price: [10, 25], text: 'Zeichentrick-Klassiker.' },
  ],
  comics: [
    { title: 'Asterix-Bände 1 bis 30', price: [60, 130], text: 'Softcover, teils Erstauflage.' },
    { title: 'Manga-Reihe komplett', price: [50, 120], text: 'Alle Bände in gutem Zustand.' },
    { title: 'Micky-Maus-Hefte 90er', price: [20, 50], text: 'Etwa 100 Hefte.' },
    { title: 'Graphic Novels Paket', price: [25, 60], text: 'Fünf preisgekrönte Titel.' },
  ],
  'noten-songbooks': [
    { title: 'Klaviernoten für Anfänger', price: [8, 20], text: 'Mehrere Hefte, kaum beschriftet.' },
    { title: 'Gitarrensongbook Lagerfeuer', price: [10, 20], text: 'Mit Akkorden und Texten.' },
    { title: 'Chorpartituren Weihnachten', price: [10, 25], text: 'Satz für vierstimmigen Chor.' },
    { title: 'Real Book Jazz', price: [20, 35], text: 'C-Ausgabe, gut erhalten.' },
  ],
};

/**
 * What an ad is about, as its category makes it read: goods for sale, vehicles, homes, jobs,
 * services, animals, lost and found, tickets, gifts, swaps, lending, neighbourly help. The
 * sentences around a demo ad's own text are taken from its kind, so a job never reads like a
 * sale and a lost cat never has a price.
 */
export type AdKind =
  | 'goods'
  | 'vehicle'
  | 'estate'
  | 'job'
  | 'service'
  | 'animal'
  | 'lost-found'
  | 'ticket'
  | 'giveaway'
  | 'swap'
  | 'lending'
  | 'help';

/** The kind of each subcategory that is not plain goods (by slug, else by its top-level slug). */
export const AD_KINDS: Record<string, AdKind> = {
  autos: 'vehicle',
  'motorraeder-motorroller': 'vehicle',
  'boote-bootszubehoer': 'vehicle',
  'wohnwagen-wohnmobile': 'vehicle',
  'nutzfahrzeuge-anhaenger': 'vehicle',
  immobilien: 'estate',
  jobs: 'job',
  dienstleistungen: 'service',
  haustiere: 'animal',
  tierzubehoer: 'goods',
  'vermisste-tiere': 'lost-found',
  'verloren-gefunden': 'lost-found',
  'eintrittskarten-tickets': 'ticket',
  'zu-verschenken': 'giveaway',
  tauschen: 'swap',
  verleihen: 'lending',
  nachbarschaftshilfe: 'help',
  'reise-urlaub': 'service',
};

/** Sentences that may open an offer of each kind ('' for none). */
export const OPENINGS: Record<AdKind, string[]> = {
  goods: ['Biete hier an:', 'Verkaufe wegen Umzug.', 'Aus Platzgründen abzugeben.', 'Hallo zusammen,', ''],
  vehicle: ['Verkaufe wegen Neuanschaffung.', 'Hallo zusammen,', ''],
  estate: ['Hallo zusammen,', ''],
  job: ['Wir suchen Verstärkung!', 'Für unser Team suchen wir ab sofort:', ''],
  service: ['Ich biete an:', 'Hallo zusammen,', ''],
  animal: ['Hallo zusammen,', 'Schweren Herzens geben wir ab:', ''],
  'lost-found': [''],
  ticket: ['Leider kann ich nicht hingehen.', 'Hallo zusammen,', ''],
  giveaway: ['Zu verschenken:', ''],
  swap: ['Ich möchte tauschen:', ''],
  lending: ['Ich verleihe:', ''],
  help: ['Hallo Nachbarn,', ''],
};

/** Sentences that may open a request ('Suche'), whatever its kind but lost and found. */
export const WANTED_OPENINGS = ['Ich suche:', 'Hallo zusammen, ich suche etwas:', ''];

/** Closing sentences of offers of each kind, free of price and shipping promises. */
export const CLOSINGS: Record<AdKind, string[]> = {
  goods: ['Privatverkauf, keine Garantie und Rücknahme.', 'Bei Fragen gern eine Nachricht schreiben.'],
  vehicle: ['Besichtigung und Probefahrt nach Absprache.', 'Privatverkauf, keine Garantie und Rücknahme.'],
  estate: ['Besichtigung nach Absprache.', 'Bei Interesse gern eine Nachricht schreiben.'],
  job: ['Wir freuen uns auf deine Nachricht!', 'Bewirb dich gern per Nachricht mit einem kurzen Lebenslauf.'],
  service: ['Termine nach Absprache.', 'Bei Fragen gern eine Nachricht schreiben.'],
  animal: ['Nur in gute Hände.', 'Kennenlernen vor Ort nach Absprache.'],
  'lost-found': [
    'Wer es vermisst, meldet sich bitte per Nachricht.',
    'Bitte mit einer kurzen Beschreibung melden.',
  ],
  ticket: ['Bei Fragen gern eine Nachricht schreiben.', 'Übergabe nach Absprache.'],
  giveaway: ['Nur an Selbstabholer.', 'Wer zuerst schreibt, bekommt es.'],
  swap: ['Schreibt mir, was ihr anbieten könnt.', 'Tausch nur gegen Abholung vor Ort.'],
  lending: ['Kaution nach Absprache.', 'Abholung und Rückgabe nach Absprache.'],
  help: ['Meldet euch gern per Nachricht.', 'Ich freue mich über eine Nachricht.'],
};

/** Closing sentences of lost animals and things (requests of the kind 'lost-found'). */
export const LOST_CLOSINGS = [
  'Bitte meldet euch, jeder Hinweis hilft!',
  'Ich bin für jeden Hinweis dankbar.',
];

/** Closing sentences of requests ('Suche'). */
export const WANTED_CLOSINGS = ['Angebote gern per Nachricht.', 'Ich freue mich über jede Nachricht.'];

/** A sentence about the price of an offer, by price type; only kinds that sell something use it. */
export const PRICE_SENTENCES: Record<'fixed' | 'negotiable', string[]> = {
  fixed: ['Festpreis.', 'Der Preis ist fest.'],
  negotiable: [
    'Preis ist verhandelbar, aber bitte realistische Angebote.',
    'Preisvorschläge sind willkommen.',
  ],
};

/** The sentence matching the `shipping` attribute ('Versand' in the text only with 'Versand möglich'). */
export const SHIPPING_SENTENCES: Record<string, string> = {
  'Versand möglich': 'Versand gegen Aufpreis möglich.',
  'Nur Abholung': 'Nur Abholung, Barzahlung bei Übergabe.',
};

/**
 * Sentences that may open an offer of a shop or provider ('' for none): a trader's words, never
 * a private seller's (docs/decisions/0041-shop-and-provider-profiles.md).
 */
export const BUSINESS_OPENINGS: Partial<Record<AdKind, string[]>> = {
  goods: ['Neu bei uns im Laden:', 'Aus unserem Sortiment:', ''],
  vehicle: ['Aus unserem Bestand:', ''],
  service: ['Unser Angebot:', ''],
};

/** Closing sentences of a shop's or provider's offers, free of price and shipping promises. */
export const BUSINESS_CLOSINGS: Partial<Record<AdKind, string[]>> = {
  goods: [
    'Mit Rechnung und Gewährleistung.',
    'Gern im Laden ansehen – die Öffnungszeiten stehen auf unserer Shopseite.',
  ],
  vehicle: [
    'Probefahrt nach Terminvereinbarung, Finanzierung und Inzahlungnahme möglich.',
    'Mit 12 Monaten Gebrauchtwagengarantie.',
  ],
  service: ['Termine nach Vereinbarung, Angebote gern per Nachricht.', 'Rechnung mit ausgewiesener MwSt.'],
};

/** A shop's sentence matching the `shipping` attribute. */
export const BUSINESS_SHIPPING_SENTENCES: Record<string, string> = {
  'Versand möglich': 'Versand innerhalb Deutschlands gegen Aufpreis.',
  'Nur Abholung': 'Nur Abholung im Laden, Zahlung bar oder mit Karte.',
};
