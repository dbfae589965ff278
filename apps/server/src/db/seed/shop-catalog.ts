import { type AdTemplate, car } from './catalog.ts';

const NEW = { condition: 'Neu' };
const SHIPS = { shipping: 'Versand möglich' };
const PICKUP = { shipping: 'Nur Abholung' };

/**
 * What each demo shop sells (docs/decisions/0041-shop-and-provider-profiles.md): ad templates
 * by the shop's name and then by subcategory slug, inside the shop's categories. They read as a
 * trader writes them: new or checked goods, warranty, the shop's own service; no private words
 * ('einmal getragen', 'Privatverkauf').
 */
export const SHOP_STOCK: Record<string, Record<string, AdTemplate[]>> = {
  'Fahrradhaus Berlin-Mitte': {
    'fahrraeder-zubehoer': [
      {
        title: 'Trekking-E-Bike mit Bosch Performance Line, 625 Wh',
        price: [2490, 3190],
        text: 'Vorführrad mit unter 200 km, Inspektion nach 300 km bei uns inklusive.',
        attributes: { bike_type: 'E-Bike', frame_size_cm: 55, condition: 'Sehr gut' },
      },
      {
        title: 'Lastenrad Urban Arrow Family, Leasingrückläufer',
        price: [3900, 4900],
        text: 'Regenverdeck und Kindersitzbank, Akku geprüft, frisch gewartet in unserer Werkstatt.',
        attributes: { bike_type: 'Lastenrad', condition: 'Gut' },
      },
      {
        title: 'Stadtrad 28 Zoll, 8-Gang-Nabenschaltung',
        price: [449, 599],
        text: 'Neurad mit Nabendynamo, Gepäckträger und Rücktrittbremse, in drei Rahmenhöhen.',
        attributes: { bike_type: 'Citybike', frame_size_cm: 50, ...NEW },
      },
      {
        title: 'Gravelbike Shimano GRX, Aluminium',
        price: [990, 1390],
        text: 'Hydraulische Scheibenbremsen, Steckachsen, 40-mm-Reifen. Probefahrt im Laden.',
        attributes: { bike_type: 'Rennrad', frame_size_cm: 56, ...NEW },
      },
      {
        title: 'Kinderfahrrad 24 Zoll, werkstattgeprüft',
        price: [229, 329],
        text: 'Gebraucht angekauft, neue Bremsbeläge und Reifen, Sicherheitscheck mit Protokoll.',
        attributes: { bike_type: 'Kinderfahrrad', frame_size_cm: 34, condition: 'Sehr gut' },
      },
      {
        title: 'Mountainbike Hardtail 29 Zoll, Modell des Vorjahres',
        price: [690, 890],
        text: 'Restposten zum reduzierten Preis, Federgabel mit Lockout, 1x12-Schaltung.',
        attributes: { bike_type: 'Mountainbike', frame_size_cm: 48, ...NEW },
      },
      {
        title: 'Rennrad Carbon, Shimano 105 Di2',
        price: [1890, 2490],
        text: 'Ausstellungsrad mit voller Herstellergarantie, Bikefitting beim Kauf inklusive.',
        attributes: { bike_type: 'Rennrad', frame_size_cm: 54, ...NEW },
      },
      {
        title: 'Gebrauchtes Trekkingrad, Inspektion neu',
        price: [290, 420],
        text: 'Aus Inzahlungnahme, Kette, Züge und Bremsen erneuert, 6 Monate Gewährleistung.',
        attributes: { bike_type: 'Trekkingrad', frame_size_cm: 52, condition: 'Gut' },
      },
    ],
  },
  'Elbe Elektronik': {
    'handy-telefon': [
      {
        title: 'iPhone 14, 128 GB, generalüberholt',
        price: [489, 589],
        text: 'Geprüft in 40 Punkten, Akku über 90 %, neues Panzerglas.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Samsung Galaxy S23, 256 GB',
        price: [449, 549],
        text: 'Aus Ankauf, technisch einwandfrei, zurückgesetzt und ohne Konto-Sperre.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Google Pixel 8, 128 GB',
        price: [349, 429],
        text: 'Android-Updates bis 2030, mit Ladekabel und Hülle.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
    ],
    notebooks: [
      {
        title: 'Lenovo ThinkPad T14 Gen 2, i5, 16 GB, Windows 11',
        price: [429, 529],
        text: 'Business-Rückläufer, neue SSD, Tastatur ohne Glanzstellen.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'MacBook Air M2, 256 GB',
        price: [749, 899],
        text: 'Akku mit 120 Ladezyklen, macOS frisch installiert, Originalnetzteil.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Dell Latitude 5420 für Schule und Büro',
        price: [299, 379],
        text: '14 Zoll Full HD, Webcam, 8 GB RAM – ideal fürs Homeschooling.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
    ],
    'tablets-reader': [
      {
        title: 'iPad 10. Generation, 64 GB, WLAN',
        price: [329, 399],
        text: 'Geprüft und gereinigt, Display ohne Kratzer.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Kindle Paperwhite 11. Generation',
        price: [89, 119],
        text: 'Mit warmem Licht, wasserfest, zurückgesetzt.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
    ],
    konsolen: [
      {
        title: 'PlayStation 5 Slim mit Laufwerk',
        price: [399, 469],
        text: 'Geprüfte Konsole mit einem Controller, Lüfter gereinigt.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Nintendo Switch OLED, weiß',
        price: [249, 299],
        text: 'Joy-Cons ohne Drift, Dock und Netzteil dabei.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
    ],
  },
  'Isar Möbelwerk': {
    wohnzimmer: [
      {
        title: 'Sideboard Eiche massiv, aus eigener Schreinerei',
        price: [1290, 1690],
        text: '180 cm breit, geölt, Push-to-open-Türen. Auch in Nussbaum auf Bestellung.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Lounge Chair im Stil der 60er, Leder',
        price: [890, 1290],
        text: 'Designklassiker aus zweiter Hand, Leder gepflegt, Schale ohne Risse.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
    ],
    'kueche-esszimmer': [
      {
        title: 'Esstisch Wildeiche 200 x 100 cm',
        price: [1490, 1990],
        text: 'Massive Baumkante, Gestell aus Stahl, gefertigt in unserer Werkstatt.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Freischwinger-Stühle, 4 Stück',
        price: [390, 590],
        text: 'Klassiker mit Wiener Geflecht, neu bespannt.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
    ],
    schlafzimmer: [
      {
        title: 'Massivholzbett Kernbuche 160 x 200',
        price: [990, 1390],
        text: 'Metallfrei verzapft, Lattenrost auf Wunsch. Lieferung und Aufbau im Großraum München.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Kommode Nussbaum, sechs Schubladen',
        price: [690, 890],
        text: 'Schubladen mit Vollauszug und Dämpfung, Griffe aus Messing.',
        attributes: { ...NEW, ...PICKUP },
      },
    ],
    buero: [
      {
        title: 'Schreibtisch Eiche, elektrisch höhenverstellbar',
        price: [790, 990],
        text: 'Tischplatte 160 x 80 aus eigener Fertigung auf geprüftem Hubgestell.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Bürostuhl Designklassiker, aufgearbeitet',
        price: [390, 590],
        text: 'Neue Polster und Rollen, Mechanik gewartet.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
    ],
    'lampen-licht': [
      {
        title: 'Pendelleuchte Messing, Bauhaus-Stil',
        price: [189, 249],
        text: 'Neu verkabelt, mit Prüfprotokoll, passende Leuchtmittel dazu.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
    ],
  },
  'Domstadt Vintage': {
    damenbekleidung: [
      {
        title: 'Wolljacke 80er Jahre, Größe M',
        price: [59, 89],
        text: 'Aus unserer Herbstkollektion, gereinigt und geprüft.',
        attributes: { size: 'M', condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Seidenbluse 70er mit Blumenmuster, Größe S',
        price: [39, 59],
        text: 'Originalstück, keine Flecken, Knöpfe vollständig.',
        attributes: { size: 'S', condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Levi’s 501 Vintage, Größe L',
        price: [49, 69],
        text: 'Made in USA, schöne Waschung, Maße in den Fotos.',
        attributes: { size: 'L', brand: 'Levi’s', condition: 'Gut', ...SHIPS },
      },
    ],
    herrenbekleidung: [
      {
        title: 'Lederjacke Herren 90er, Größe L',
        price: [119, 159],
        text: 'Weiches Rindleder, Futter erneuert.',
        attributes: { size: 'L', condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Collegejacke aus Wolle, Größe M',
        price: [79, 99],
        text: 'Mit Lederärmeln, Druckknöpfe vollständig.',
        attributes: { size: 'M', condition: 'Sehr gut', ...SHIPS },
      },
    ],
    'taschen-accessoires': [
      {
        title: 'Ledertasche 70er, cognac',
        price: [69, 99],
        text: 'Handgenäht, Leder gepflegt, Riemen verstellbar.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Seidentuch mit Kettenmuster',
        price: [29, 45],
        text: '90 x 90 cm, handrolliert, aus einem Nachlass.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
    ],
    'uhren-schmuck': [
      {
        title: 'Vintage-Armbanduhr, Handaufzug, 60er Jahre',
        price: [149, 229],
        text: 'Vom Uhrmacher revidiert, läuft genau.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Ohrclips 80er, vergoldet',
        price: [19, 29],
        text: 'Großes Statement-Design, Clips fest.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
    ],
  },
  'Main Kinderwelt': {
    'kinderwagen-buggys': [
      {
        title: 'Kombikinderwagen 3in1, geprüft und gereinigt',
        price: [249, 349],
        text: 'Wanne, Sportsitz und Babyschalen-Adapter, Bezüge gewaschen.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
      {
        title: 'Reisebuggy faltbar, 6 kg',
        price: [89, 129],
        text: 'Passt ins Handgepäck, Liegeposition, mit Regenschutz.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Geschwisterwagen Tandem',
        price: [199, 279],
        text: 'Für zwei Kinder hintereinander, Räder und Bremsen geprüft.',
        attributes: { condition: 'Gut', ...PICKUP },
      },
    ],
    kindersitze: [
      {
        title: 'Reboarder Isofix, drehbar, bis 4 Jahre',
        price: [149, 199],
        text: 'Unfallfrei laut Vorbesitz, Gurte und Schale geprüft, Bezug gewaschen.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
      {
        title: 'Babyschale mit Isofix-Station',
        price: [99, 139],
        text: 'Mit Neugeboreneneinsatz und Sonnenverdeck, Einbau zeigen wir gern.',
        attributes: { condition: 'Gut', ...PICKUP },
      },
    ],
    spielzeug: [
      {
        title: 'Holzeisenbahn-Set, 80 Teile',
        price: [49, 69],
        text: 'Vollständig, gereinigt, kompatibel mit den gängigen Marken.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Laufrad aus Holz, ab 2 Jahren',
        price: [39, 49],
        text: 'Sattel höhenverstellbar, neue Griffe.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Kaufladen mit Zubehör',
        price: [69, 89],
        text: 'Mit Kasse, Waage und Holzlebensmitteln.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
    ],
    kinderkleidung: [
      {
        title: 'Schneeanzug, Größe 92',
        price: [24, 34],
        text: 'Wasserdicht und warm, gewaschen und geprüft.',
        attributes: { size_cm: 92, condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Regenjacke und Matschhose, Größe 110',
        price: [19, 29],
        text: 'Nähte dicht, Reflektoren vorn und hinten.',
        attributes: { size_cm: 110, condition: 'Gut', ...SHIPS },
      },
    ],
  },
  'Schwaben Sport & Outdoor': {
    'sport-camping': [
      {
        title: 'Tourenski mit Bindung, 170 cm',
        price: [290, 390],
        text: 'Aus unserem Verleih, Belag und Kanten frisch präpariert.',
        attributes: { condition: 'Gut', ...PICKUP },
      },
      {
        title: 'Trekkingzelt für 3 Personen',
        price: [249, 329],
        text: 'Zwei Eingänge, 4.000 mm Wassersäule, nur 3,2 kg.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Wanderrucksack 45 Liter',
        price: [119, 159],
        text: 'Verstellbares Rückensystem, Regenhülle integriert. Wir passen ihn im Laden an.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Laufband klappbar, Ausstellungsstück',
        price: [490, 690],
        text: 'Bis 16 km/h, Steigung elektrisch, 2 Jahre Gewährleistung.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
      {
        title: 'Schlafsack bis −10 °C',
        price: [99, 139],
        text: 'Kunstfaser, mit Kompressionssack, Modell des Vorjahres.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Kettlebell-Set 8, 12 und 16 kg',
        price: [89, 119],
        text: 'Gusseisen mit Pulverbeschichtung.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Skischuhe Herren 27.5, aus dem Verleih',
        price: [79, 119],
        text: 'Innenschuh desinfiziert, Schnallen geprüft.',
        attributes: { condition: 'Gut', ...PICKUP },
      },
    ],
  },
  'Rheinklang Musikhaus': {
    musikinstrumente: [
      {
        title: 'Westerngitarre Dreadnought mit Tonabnehmer',
        price: [299, 399],
        text: 'Von unserem Gitarrenbauer eingestellt, neue Saiten, Gigbag dazu.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'E-Piano mit 88 gewichteten Tasten',
        price: [549, 699],
        text: 'Ausstellungsstück mit Ständer und Pedaleinheit, volle Garantie.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
      {
        title: 'E-Gitarre Stratocaster-Modell, Sunburst',
        price: [449, 599],
        text: 'Gebraucht, Bünde abgerichtet, Setup inklusive.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Röhrencombo 30 Watt',
        price: [490, 690],
        text: 'Röhren neu eingemessen, zwei Kanäle, Fußschalter dabei.',
        attributes: { condition: 'Gut', ...PICKUP },
      },
      {
        title: 'Schülergeige 3/4 komplett',
        price: [229, 299],
        text: 'Mit Bogen, Koffer und Kolophonium, spielfertig eingestellt.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Cajon mit Snare-Teppich',
        price: [89, 119],
        text: 'Birkenholz, mit Sitzpolster.',
        attributes: { ...NEW, ...SHIPS },
      },
    ],
    'noten-songbooks': [
      {
        title: 'Gitarrenschule für Anfänger mit CD',
        price: [19, 25],
        text: 'Die Schule, mit der wir im Haus unterrichten.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Klavieralbum Klassik leicht arrangiert',
        price: [15, 22],
        text: 'Bach bis Satie, mit Fingersätzen.',
        attributes: { ...NEW, ...SHIPS },
      },
    ],
  },
  'Leipziger Buchkontor': {
    'buecher-zeitschriften': [
      {
        title: 'Thomas Mann: Buddenbrooks, Erstausgabe in zwei Bänden',
        price: [890, 1290],
        text: 'S. Fischer 1901, Originalleinen, Rücken leicht berieben. Genaue Beschreibung auf Anfrage.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Bildband Leipzig um 1900',
        price: [35, 49],
        text: 'Großformat mit historischen Fotografien, Schutzumschlag sauber.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
      {
        title: 'Brockhaus Enzyklopädie, 24 Bände',
        price: [190, 290],
        text: 'Halbleder mit Goldschnitt, vollständig, sorgfältig verpackt.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Kinderbuch-Klassiker der DDR, 10 Bände',
        price: [45, 65],
        text: 'Der Kinderbuchverlag Berlin, gut erhaltene Einbände.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Goethe: Faust, Insel-Ausgabe von 1920',
        price: [59, 89],
        text: 'Halbpergament, Exlibris auf dem Vorsatz.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Kunstbände Bauhaus, Paket mit 4 Bänden',
        price: [69, 99],
        text: 'Modernes Antiquariat, neuwertig, teils noch eingeschweißt.',
        attributes: { condition: 'Sehr gut', ...SHIPS },
      },
    ],
    comics: [
      {
        title: 'Mosaik-Hefte der 70er, 24 Stück',
        price: [79, 119],
        text: 'Die Abrafaxe in lückenloser Folge, gut erhalten.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
      {
        title: 'Asterix Band 1, Erstauflage 1968',
        price: [149, 229],
        text: 'Broschur, Ecken leicht bestoßen.',
        attributes: { condition: 'Gut', ...SHIPS },
      },
    ],
  },
  'Elbflorenz Garten': {
    'garten-pflanzen': [
      {
        title: 'Hochbeet Lärche 200 x 80 cm, Bausatz',
        price: [189, 249],
        text: 'Aus heimischem Holz, mit Wühlmausgitter. Lieferung in Dresden möglich.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Olivenbaum im Kübel, 1,50 m',
        price: [129, 179],
        text: 'Winterhart bis −8 °C, Überwinterung bei uns auf Anfrage.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Staudenpaket Schattenbeet, 12 Pflanzen',
        price: [49, 69],
        text: 'Funkien, Farne und Elfenblumen, mit Pflanzplan.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Balkonset Akazie, Tisch und zwei Klappstühle',
        price: [149, 199],
        text: 'FSC-zertifiziert, geölt, platzsparend zusammenklappbar.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Obstbaum Apfel Elstar, Halbstamm',
        price: [39, 59],
        text: 'Aus sächsischer Baumschule, mit Pflanzservice auf Anfrage.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Rasenmäher mit Akku, Ausstellungsstück',
        price: [249, 329],
        text: '40 cm Schnittbreite, Akku und Ladegerät dabei, volle Gewährleistung.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
    ],
    werkzeug: [
      {
        title: 'Gartenschere Profi mit Amboss',
        price: [29, 45],
        text: 'Klingen aus Stahl, Ersatzteile bei uns erhältlich.',
        attributes: { ...NEW, ...SHIPS },
      },
      {
        title: 'Akku-Heckenschere 18 V',
        price: [119, 159],
        text: 'Mit Akku und Ladegerät, 50 cm Schwert.',
        attributes: { ...NEW, ...SHIPS },
      },
    ],
  },
  'Auto Leinetal': {
    autos: [
      {
        title: 'VW Golf 8 1.5 eTSI Life, Garantie',
        price: [19900, 23900],
        text: 'Scheckheftgepflegt, Navi, LED, 12 Monate Gebrauchtwagengarantie.',
        attributes: { ...car('Volkswagen', 'Golf', 'Benzin', 'Automatik'), first_registration: 2021 },
      },
      {
        title: 'Škoda Octavia Combi 2.0 TDI Style',
        price: [17900, 21900],
        text: 'Anhängerkupplung, Standheizung, neue Inspektion und HU.',
        attributes: { ...car('Škoda', 'Octavia Combi', 'Diesel', 'Automatik'), first_registration: 2020 },
      },
      {
        title: 'Toyota Yaris 1.5 Hybrid Team D',
        price: [15900, 18900],
        text: 'Rückfahrkamera, Sitzheizung, Hybridbatterie-Check ohne Befund.',
        attributes: { ...car('Toyota', 'Yaris', 'Hybrid', 'Automatik'), first_registration: 2021 },
      },
      {
        title: 'Opel Corsa F 1.2 Edition',
        price: [11900, 13900],
        text: 'Erste Hand, Allwetterreifen, Finanzierung ab kleiner Monatsrate.',
        attributes: { ...car('Opel', 'Corsa', 'Benzin', 'Manuell'), first_registration: 2020 },
      },
      {
        title: 'Renault Zoe R135 mit Kaufbatterie',
        price: [13900, 16900],
        text: 'CCS-Schnellladen, Batteriezertifikat 93 %, Wärmepumpe.',
        attributes: { ...car('Renault', 'Zoe', 'Elektro', 'Automatik'), first_registration: 2021 },
      },
    ],
    'autoteile-reifen': [
      {
        title: 'Kompletträder Winter 205/55 R16 für VW Golf',
        price: [349, 449],
        text: 'Neue Reifen auf Stahlfelgen, RDKS-Sensoren, Montage bei uns möglich.',
        attributes: { ...NEW, ...PICKUP },
      },
      {
        title: 'Alufelgen 17 Zoll, Satz mit Sommerreifen',
        price: [490, 690],
        text: 'Profil 6 mm, Felgen aufbereitet, passend für Golf, Octavia und Leon.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
      {
        title: 'Dachbox 420 Liter mit Montagesatz',
        price: [299, 379],
        text: 'Beidseitig zu öffnen, Ausstellungsstück mit Garantie.',
        attributes: { condition: 'Sehr gut', ...PICKUP },
      },
    ],
  },
};
