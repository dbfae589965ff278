import type { AttributeDefinition } from '@marketplace/contract';

/** A category as defined in code; ids are assigned by the database on first start. */
export interface CategoryDefinition {
  slug: string;
  name: string;
  shortName: string;
  icon: string;
  attributes?: AttributeDefinition[];
  subcategories: SubcategoryDefinition[];
}

export interface SubcategoryDefinition {
  slug: string;
  name: string;
  icon?: string;
  attributes?: AttributeDefinition[];
}

const CONDITION: AttributeDefinition = {
  key: 'condition',
  label: 'Zustand',
  type: 'select',
  options: ['Neu', 'Sehr gut', 'Gut', 'In Ordnung', 'Defekt'],
  filter: true,
};

const SHIPPING: AttributeDefinition = {
  key: 'shipping',
  label: 'Versand',
  type: 'select',
  options: ['Nur Abholung', 'Versand möglich'],
  filter: true,
};

const CAR_MAKES = [
  'Audi',
  'BMW',
  'Citroën',
  'Dacia',
  'Fiat',
  'Ford',
  'Honda',
  'Hyundai',
  'Kia',
  'Mazda',
  'Mercedes-Benz',
  'Mini',
  'Mitsubishi',
  'Nissan',
  'Opel',
  'Peugeot',
  'Porsche',
  'Renault',
  'Seat',
  'Škoda',
  'Smart',
  'Suzuki',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
  'Andere',
];

const CAR_ATTRIBUTES: AttributeDefinition[] = [
  { key: 'make', label: 'Marke', type: 'select', options: CAR_MAKES, filter: true, required: true },
  { key: 'model', label: 'Modell', type: 'text' },
  {
    key: 'mileage_km',
    label: 'Kilometerstand',
    type: 'number',
    unit: 'km',
    min: 0,
    max: 2_000_000,
    filter: true,
  },
  { key: 'first_registration', label: 'Erstzulassung', type: 'year', min: 1900, max: 2100, filter: true },
  {
    key: 'fuel',
    label: 'Kraftstoff',
    type: 'select',
    options: ['Benzin', 'Diesel', 'Elektro', 'Hybrid', 'Autogas (LPG)', 'Erdgas (CNG)', 'Andere'],
    filter: true,
  },
  { key: 'gearbox', label: 'Getriebe', type: 'select', options: ['Manuell', 'Automatik'], filter: true },
  { key: 'power_kw', label: 'Leistung', type: 'number', unit: 'kW', min: 1, max: 2000 },
];

const MOTORBIKE_ATTRIBUTES: AttributeDefinition[] = [
  {
    key: 'make',
    label: 'Marke',
    type: 'select',
    options: [
      'BMW',
      'Ducati',
      'Harley-Davidson',
      'Honda',
      'Kawasaki',
      'KTM',
      'Suzuki',
      'Triumph',
      'Vespa',
      'Yamaha',
      'Andere',
    ],
    filter: true,
  },
  {
    key: 'mileage_km',
    label: 'Kilometerstand',
    type: 'number',
    unit: 'km',
    min: 0,
    max: 1_000_000,
    filter: true,
  },
  { key: 'first_registration', label: 'Erstzulassung', type: 'year', min: 1900, max: 2100, filter: true },
];

const BIKE_ATTRIBUTES: AttributeDefinition[] = [
  {
    key: 'bike_type',
    label: 'Art',
    type: 'select',
    options: [
      'Citybike',
      'Trekkingrad',
      'Mountainbike',
      'Rennrad',
      'E-Bike',
      'Kinderfahrrad',
      'Lastenrad',
      'Andere',
    ],
    filter: true,
  },
  { key: 'frame_size_cm', label: 'Rahmenhöhe', type: 'number', unit: 'cm', min: 20, max: 80 },
  CONDITION,
  SHIPPING,
];

const ESTATE_RENT_OR_SALE: AttributeDefinition = {
  key: 'transaction',
  label: 'Miete oder Kauf',
  type: 'select',
  options: ['Miete', 'Kauf'],
  filter: true,
};

const ESTATE_ATTRIBUTES: AttributeDefinition[] = [
  { key: 'rooms', label: 'Zimmer', type: 'number', min: 0.5, max: 50, filter: true },
  {
    key: 'living_area_m2',
    label: 'Wohnfläche',
    type: 'number',
    unit: 'm²',
    min: 1,
    max: 10_000,
    filter: true,
  },
  { key: 'available_from', label: 'Verfügbar ab', type: 'date' },
];

const EMPLOYMENT: AttributeDefinition = {
  key: 'employment',
  label: 'Art der Anstellung',
  type: 'select',
  options: ['Vollzeit', 'Teilzeit', 'Minijob', 'Ausbildung', 'Praktikum', 'Freiberuflich'],
  filter: true,
  required: true,
};

const PET_ATTRIBUTES = (species: string[]): AttributeDefinition[] => [
  { key: 'species', label: 'Art', type: 'select', options: species, filter: true },
  { key: 'age_months', label: 'Alter', type: 'number', unit: 'Monate', min: 0, max: 600 },
];

const TICKET_ATTRIBUTES: AttributeDefinition[] = [
  { key: 'event_date', label: 'Datum der Veranstaltung', type: 'date', filter: true },
  { key: 'quantity', label: 'Anzahl Tickets', type: 'number', min: 1, max: 50 },
];

const FASHION_ATTRIBUTES: AttributeDefinition[] = [
  {
    key: 'size',
    label: 'Größe',
    type: 'select',
    options: ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'Einheitsgröße'],
    filter: true,
  },
  { key: 'brand', label: 'Marke', type: 'text' },
  CONDITION,
  SHIPPING,
];

const SHOE_ATTRIBUTES: AttributeDefinition[] = [
  { key: 'shoe_size', label: 'Schuhgröße', type: 'number', min: 16, max: 52, filter: true },
  { key: 'brand', label: 'Marke', type: 'text' },
  CONDITION,
  SHIPPING,
];

/**
 * The fourteen top-level categories with their subcategories and attributes, as German
 * marketplaces have them. The slugs
 * `auto-rad-boot`, `elektronik`, `mode` and `moebel` are fixed by SPEC.md §2.
 */
export const taxonomy: CategoryDefinition[] = [
  {
    slug: 'auto-rad-boot',
    name: 'Auto, Rad & Boot',
    shortName: 'Auto',
    icon: '🚗',
    subcategories: [
      { slug: 'autos', name: 'Autos', icon: '🚗', attributes: CAR_ATTRIBUTES },
      { slug: 'autoteile-reifen', name: 'Autoteile & Reifen', icon: '🛞', attributes: [CONDITION, SHIPPING] },
      {
        slug: 'motorraeder-motorroller',
        name: 'Motorräder & Motorroller',
        icon: '🏍️',
        attributes: MOTORBIKE_ATTRIBUTES,
      },
      { slug: 'fahrraeder-zubehoer', name: 'Fahrräder & Zubehör', icon: '🚲', attributes: BIKE_ATTRIBUTES },
      { slug: 'boote-bootszubehoer', name: 'Boote & Bootszubehör', icon: '⛵', attributes: [CONDITION] },
      {
        slug: 'wohnwagen-wohnmobile',
        name: 'Wohnwagen & -mobile',
        icon: '🚐',
        attributes: [
          {
            key: 'first_registration',
            label: 'Erstzulassung',
            type: 'year',
            min: 1900,
            max: 2100,
            filter: true,
          },
          { key: 'mileage_km', label: 'Kilometerstand', type: 'number', unit: 'km', min: 0, max: 2_000_000 },
        ],
      },
      {
        slug: 'nutzfahrzeuge-anhaenger',
        name: 'Nutzfahrzeuge & Anhänger',
        icon: '🚚',
        attributes: [CONDITION],
      },
    ],
  },
  {
    slug: 'immobilien',
    name: 'Immobilien',
    shortName: 'Immobilien',
    icon: '🏠',
    attributes: ESTATE_ATTRIBUTES,
    subcategories: [
      {
        slug: 'mietwohnungen',
        name: 'Mietwohnungen',
        attributes: [{ ...ESTATE_RENT_OR_SALE, options: ['Miete'] }],
      },
      {
        slug: 'eigentumswohnungen',
        name: 'Eigentumswohnungen',
        attributes: [{ ...ESTATE_RENT_OR_SALE, options: ['Kauf'] }],
      },
      { slug: 'haeuser-zur-miete', name: 'Häuser zur Miete' },
      { slug: 'haeuser-zum-kauf', name: 'Häuser zum Kauf' },
      { slug: 'wg-zimmer', name: 'WG-Zimmer & Auf Zeit' },
      { slug: 'grundstuecke-gaerten', name: 'Grundstücke & Gärten', attributes: [ESTATE_RENT_OR_SALE] },
      { slug: 'gewerbeimmobilien', name: 'Gewerbeimmobilien', attributes: [ESTATE_RENT_OR_SALE] },
      { slug: 'ferienwohnungen', name: 'Ferien- & Auslandsimmobilien', attributes: [ESTATE_RENT_OR_SALE] },
    ],
  },
  {
    slug: 'jobs',
    name: 'Jobs',
    shortName: 'Jobs',
    icon: '💼',
    attributes: [EMPLOYMENT],
    subcategories: [
      { slug: 'bau-handwerk-produktion', name: 'Bau, Handwerk & Produktion' },
      { slug: 'bueroarbeit-verwaltung', name: 'Büroarbeit & Verwaltung' },
      { slug: 'gastronomie-tourismus', name: 'Gastronomie & Tourismus' },
      { slug: 'kundenservice', name: 'Kundenservice & Call Center' },
      { slug: 'mini-nebenjobs', name: 'Mini- & Nebenjobs' },
      { slug: 'praktika', name: 'Praktika' },
      { slug: 'pflege-soziales', name: 'Sozialer Sektor & Pflege' },
      { slug: 'transport-logistik', name: 'Transport, Logistik & Verkehr' },
      { slug: 'vertrieb-einkauf', name: 'Vertrieb, Einkauf & Verkauf' },
    ],
  },
  {
    slug: 'dienstleistungen',
    name: 'Dienstleistungen',
    shortName: 'Dienste',
    icon: '🛠️',
    subcategories: [
      { slug: 'kinderbetreuung', name: 'Babysitter & Kinderbetreuung' },
      { slug: 'elektronik-reparaturen', name: 'Elektronik-Reparaturen' },
      { slug: 'haus-garten-service', name: 'Haus & Garten' },
      { slug: 'kuenstler-musiker', name: 'Künstler & Musiker' },
      { slug: 'reise-event', name: 'Reise & Event' },
      { slug: 'tierbetreuung', name: 'Tierbetreuung & Training' },
      { slug: 'umzug-transport', name: 'Umzug & Transport' },
      { slug: 'nachhilfe-unterricht', name: 'Nachhilfe & Unterricht' },
    ],
  },
  {
    slug: 'elektronik',
    name: 'Elektronik',
    shortName: 'Elektronik',
    icon: '📱',
    attributes: [CONDITION, SHIPPING],
    subcategories: [
      { slug: 'audio-hifi', name: 'Audio & Hifi' },
      { slug: 'handy-telefon', name: 'Handy & Telefon' },
      { slug: 'foto', name: 'Foto' },
      { slug: 'konsolen', name: 'Konsolen & Videospiele' },
      { slug: 'notebooks', name: 'Notebooks' },
      { slug: 'pcs', name: 'PCs' },
      { slug: 'pc-zubehoer-software', name: 'PC-Zubehör & Software' },
      { slug: 'tablets-reader', name: 'Tablets & Reader' },
      { slug: 'tv-video', name: 'TV & Video' },
      { slug: 'haushaltsgeraete', name: 'Haushaltsgeräte' },
    ],
  },
  {
    slug: 'haustiere',
    name: 'Haustiere',
    shortName: 'Haustiere',
    icon: '🐾',
    subcategories: [
      { slug: 'hunde', name: 'Hunde', attributes: PET_ATTRIBUTES(['Hund']) },
      { slug: 'katzen', name: 'Katzen', attributes: PET_ATTRIBUTES(['Katze']) },
      {
        slug: 'kleintiere',
        name: 'Kleintiere',
        attributes: PET_ATTRIBUTES(['Kaninchen', 'Meerschweinchen', 'Hamster', 'Ratte', 'Maus', 'Andere']),
      },
      { slug: 'fische', name: 'Fische', attributes: PET_ATTRIBUTES(['Zierfisch', 'Teichfisch', 'Andere']) },
      {
        slug: 'voegel',
        name: 'Vögel',
        attributes: PET_ATTRIBUTES(['Wellensittich', 'Kanarienvogel', 'Papagei', 'Andere']),
      },
      { slug: 'pferde', name: 'Pferde', attributes: PET_ATTRIBUTES(['Pferd', 'Pony', 'Esel']) },
      {
        slug: 'nutztiere',
        name: 'Nutztiere',
        attributes: PET_ATTRIBUTES(['Huhn', 'Ziege', 'Schaf', 'Andere']),
      },
      { slug: 'vermisste-tiere', name: 'Vermisste Tiere' },
      { slug: 'tierzubehoer', name: 'Zubehör', attributes: [CONDITION, SHIPPING] },
    ],
  },
  {
    slug: 'eintrittskarten-tickets',
    name: 'Eintrittskarten & Tickets',
    shortName: 'Tickets',
    icon: '🎟️',
    attributes: TICKET_ATTRIBUTES,
    subcategories: [
      { slug: 'konzerte', name: 'Konzerte' },
      { slug: 'sport-tickets', name: 'Sport' },
      { slug: 'theater-musical', name: 'Theater & Musical' },
      { slug: 'comedy-kabarett', name: 'Comedy & Kabarett' },
      { slug: 'bahn-oepnv', name: 'Bahn & ÖPNV' },
      { slug: 'kino', name: 'Kino' },
      { slug: 'festivals', name: 'Festivals' },
    ],
  },
  {
    slug: 'zu-verschenken-tauschen',
    name: 'Zu verschenken & Tauschen',
    shortName: 'Verschenken',
    icon: '🎁',
    attributes: [CONDITION],
    subcategories: [
      { slug: 'zu-verschenken', name: 'Zu verschenken' },
      { slug: 'tauschen', name: 'Tauschen' },
      { slug: 'verleihen', name: 'Verleihen' },
    ],
  },
  {
    slug: 'mode',
    name: 'Mode & Beauty',
    shortName: 'Mode',
    icon: '👗',
    subcategories: [
      { slug: 'damenbekleidung', name: 'Damenbekleidung', attributes: FASHION_ATTRIBUTES },
      { slug: 'damenschuhe', name: 'Damenschuhe', attributes: SHOE_ATTRIBUTES },
      { slug: 'herrenbekleidung', name: 'Herrenbekleidung', attributes: FASHION_ATTRIBUTES },
      { slug: 'herrenschuhe', name: 'Herrenschuhe', attributes: SHOE_ATTRIBUTES },
      { slug: 'taschen-accessoires', name: 'Taschen & Accessoires', attributes: [CONDITION, SHIPPING] },
      { slug: 'uhren-schmuck', name: 'Uhren & Schmuck', attributes: [CONDITION, SHIPPING] },
      { slug: 'beauty-gesundheit', name: 'Beauty & Gesundheit', attributes: [CONDITION, SHIPPING] },
    ],
  },
  {
    slug: 'moebel',
    name: 'Möbel & Wohnen',
    shortName: 'Möbel',
    icon: '🛋️',
    attributes: [CONDITION, SHIPPING],
    subcategories: [
      { slug: 'wohnzimmer', name: 'Wohnzimmer' },
      { slug: 'schlafzimmer', name: 'Schlafzimmer' },
      { slug: 'kueche-esszimmer', name: 'Küche & Esszimmer' },
      { slug: 'buero', name: 'Büro' },
      { slug: 'badezimmer', name: 'Badezimmer' },
      { slug: 'dekoration', name: 'Dekoration' },
      { slug: 'lampen-licht', name: 'Lampen & Licht' },
      { slug: 'teppiche', name: 'Teppiche' },
    ],
  },
  {
    slug: 'haus-garten',
    name: 'Haus & Garten',
    shortName: 'Garten',
    icon: '🌱',
    attributes: [CONDITION, SHIPPING],
    subcategories: [
      { slug: 'garten-pflanzen', name: 'Gartenzubehör & Pflanzen' },
      { slug: 'heimwerken', name: 'Heimwerken' },
      { slug: 'baumaterial', name: 'Baumaterial' },
      { slug: 'werkzeug', name: 'Werkzeug' },
      { slug: 'heizung-klima', name: 'Heizung & Klima' },
    ],
  },
  {
    slug: 'familie-kind-baby',
    name: 'Familie, Kind & Baby',
    shortName: 'Familie',
    icon: '🧸',
    attributes: [CONDITION, SHIPPING],
    subcategories: [
      {
        slug: 'kinderkleidung',
        name: 'Baby- & Kinderkleidung',
        attributes: [
          { key: 'size_cm', label: 'Größe', type: 'number', unit: 'cm', min: 44, max: 176, filter: true },
        ],
      },
      { slug: 'kinderwagen-buggys', name: 'Kinderwagen & Buggys' },
      { slug: 'spielzeug', name: 'Spielzeug' },
      { slug: 'kinderzimmermoebel', name: 'Kinderzimmermöbel' },
      { slug: 'kindersitze', name: 'Babyschalen & Kindersitze' },
      { slug: 'altenpflege', name: 'Altenpflege' },
    ],
  },
  {
    slug: 'freizeit-hobby-nachbarschaft',
    name: 'Freizeit, Hobby & Nachbarschaft',
    shortName: 'Freizeit',
    icon: '⚽',
    subcategories: [
      { slug: 'sport-camping', name: 'Sport & Camping', attributes: [CONDITION, SHIPPING] },
      { slug: 'sammeln', name: 'Sammeln', attributes: [CONDITION, SHIPPING] },
      { slug: 'modellbau', name: 'Modellbau', attributes: [CONDITION, SHIPPING] },
      { slug: 'kunst-antiquitaeten', name: 'Kunst & Antiquitäten', attributes: [CONDITION, SHIPPING] },
      { slug: 'reise-urlaub', name: 'Reise & Urlaub' },
      { slug: 'nachbarschaftshilfe', name: 'Nachbarschaftshilfe' },
      { slug: 'verloren-gefunden', name: 'Verloren & Gefunden' },
    ],
  },
  {
    slug: 'musik-filme-buecher',
    name: 'Musik, Filme & Bücher',
    shortName: 'Musik & Bücher',
    icon: '📚',
    attributes: [CONDITION, SHIPPING],
    subcategories: [
      { slug: 'buecher-zeitschriften', name: 'Bücher & Zeitschriften' },
      { slug: 'musikinstrumente', name: 'Musikinstrumente' },
      { slug: 'cds-vinyl', name: 'CDs & Vinyl' },
      { slug: 'filme-dvds', name: 'Filme & DVDs' },
      { slug: 'comics', name: 'Comics' },
      { slug: 'noten-songbooks', name: 'Noten & Songbooks' },
    ],
  },
];
