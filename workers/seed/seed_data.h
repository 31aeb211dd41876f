// seed_data.h: the words the demo data is made of (used only by seed.cpp).
//
// Activity, industry and employment-type ids are those of migrations/0010_reference_data.sql.
// Brands and organizations are invented; trade fairs and cities are real (they are what a German
// job ad names). Placeholders: {city} the main place of work, {brand} an invented brand, {fair} a
// trade fair of that city (or a generic one), {event} an event kind, {org} the organization.
#pragma once

#include <string_view>
#include <vector>

namespace jh::seed::data {

struct weighted {
    int id;
    int weight;
};

struct title {
    int activity;
    std::string_view text;
};

struct category {
    std::string_view key;
    int weight;                                     // share of all jobs
    std::vector<weighted> activities;               // first pick weighted; 0-2 more from the same list
    std::vector<int> industries;
    std::vector<weighted> employment_types;         // 1-2 picked, weighted
    std::vector<title> titles;                      // {main activity, template}
    std::vector<std::string_view> intros;
    std::vector<std::string_view> tasks;
    std::vector<std::string_view> requirements;
    std::vector<std::string_view> benefits;
    std::vector<std::string_view> location_names;
    std::vector<std::string_view> working_times;
    std::vector<std::string_view> periods;
    double salary_min, salary_max;                  // € per hour
    int travel_percent;                             // jobs with overnight stay / travel expenses
    std::vector<std::string_view> special_payments;
    std::vector<std::string_view> org_words;        // words of organization names in this field
};

inline const std::vector<category>& categories() {
    static const std::vector<category> all = {
        {"promotion", 22,
         {{1, 40}, {7, 12}, {6, 14}, {8, 8}, {32, 10}, {36, 12}, {20, 2}, {35, 2}},
         {10, 11, 12, 15, 16, 18, 14, 21, 23},
         {{1, 35}, {4, 30}, {6, 25}, {5, 10}},
         {{1, "Promoter (m/w/d) für {brand} in {city}"},
          {1, "Promotion-Aushilfe (m/w/d) am Wochenende in {city}"},
          {1, "Promoter (m/w/d) für Energieverträge in {city}"},
          {1, "Promotion auf Provisionsbasis (m/w/d) in {city}"},
          {6, "Verkostung im Supermarkt: Promoter (m/w/d) in {city}"},
          {6, "Aktionspromoter (m/w/d) für Getränkeverkostung in {city}"},
          {7, "Sampling-Team (m/w/d) für {brand} – {city} und Umgebung"},
          {36, "Produktberater (m/w/d) im Elektronikfachmarkt in {city}"},
          {32, "Promotionjob: Standbetreuung für {brand} in {city}"},
          {8, "Flyerverteiler (m/w/d) in der Innenstadt von {city}"},
          {20, "Walking Act (m/w/d) für Promotion-Tour in {city}"},
          {35, "Maskottchen (m/w/d) für {brand} in {city}"}},
         {"{org} sucht für eine Promotionaktion von {brand} engagierte Promoter in {city}.",
          "Für unseren Kunden {brand} stellen wir in {city} neue Produkte direkt am Point of Sale vor.",
          "Du bist kontaktfreudig und hast Spaß daran, Menschen für ein Produkt zu begeistern? Dann unterstütze {org} bei einer Aktion in {city}.",
          "Im Auftrag von {brand} führt {org} in Supermärkten in {city} Verkostungen durch."},
         {"Du sprichst Kundinnen und Kunden freundlich an und stellst ihnen das Produkt vor.",
          "Du bietest Proben an und erklärst die Vorteile des Produkts.",
          "Du baust den Aktionsstand auf und hältst ihn ordentlich.",
          "Du dokumentierst die Aktion mit einem kurzen Bericht per App.",
          "Du verteilst Flyer und Gutscheine an die passende Zielgruppe.",
          "Du berätst zu Tarifen und nimmst Verträge auf."},
         {"Freude am Umgang mit Menschen und ein gepflegtes Auftreten",
          "sehr gute Deutschkenntnisse",
          "Zuverlässigkeit und Pünktlichkeit",
          "erste Erfahrung im Verkauf oder in der Promotion ist von Vorteil, aber keine Voraussetzung",
          "Mindestalter 18 Jahre",
          "ein Smartphone für die Berichte"},
         {"faire Bezahlung pünktlich zum Monatsende", "ausführliche Produktschulung vor dem Einsatz",
          "flexible Einsätze, die zu deinem Kalender passen", "Aktionskleidung wird gestellt",
          "kostenlose Verpflegung am Einsatztag", "Chance auf weitere Aktionen bei guter Leistung"},
         {"Supermärkte im Raum {city}", "Innenstadt {city}", "Einkaufszentrum in {city}", "Elektronikfachmarkt {city}",
          "Fußgängerzone {city}"},
         {"Freitag und Samstag, jeweils 10 bis 18 Uhr", "Donnerstag bis Samstag, 9 bis 17 Uhr",
          "flexibel nach Absprache, meist 6 Stunden am Tag", "Samstag, 11 bis 19 Uhr"},
         {"ab sofort an ausgewählten Wochenenden", "vier Wochen, Start ab sofort", "laufend, Einsätze nach Absprache",
          "im kommenden Monat an 6 bis 10 Tagen"},
         13.0, 19.0, 10,
         {"Provision pro Vertragsabschluss", "Bonus bei Erreichen der Tagesziele"},
         {"Promotion", "Marketing", "Field", "Sales", "Aktion", "Brand"}},

        {"messe", 14,
         {{2, 45}, {33, 15}, {30, 12}, {32, 10}, {51, 6}, {50, 12}},
         {5, 4, 14, 20, 6},
         {{1, 40}, {6, 40}, {4, 10}, {5, 10}},
         {{2, "Messehostess / Messehost (m/w/d) für die {fair}"},
          {2, "Englischsprachige Messehostess (m/w/d) in {city}"},
          {2, "Messehost (m/w/d) für Automobilaussteller in {city}"},
          {32, "Standpersonal (m/w/d) für die {fair} in {city}"},
          {30, "Hostess (m/w/d) für den Empfang am Messestand – {fair}"},
          {33, "Catering-Hostess (m/w/d) am Messestand in {city}"},
          {50, "Messebauhelfer (m/w/d) für die {fair} in {city}"},
          {51, "Dolmetscher (m/w/d) Englisch–Deutsch für die {fair}"}},
         {"Für einen Aussteller auf der {fair} sucht {org} freundliches Standpersonal.",
          "{org} betreut seit vielen Jahren Messestände in {city} und sucht Verstärkung für die {fair}.",
          "Unser Kunde präsentiert sich auf der {fair} und braucht ein Team, das Gäste souverän empfängt."},
         {"Du empfängst Besucherinnen und Besucher am Stand und leitest sie an die Fachberater weiter.",
          "Du erfasst Kontakte mit dem Lead-Scanner.",
          "Du bewirtest Gäste mit Getränken und kleinen Snacks.",
          "Du hältst den Stand und die Prospekte in Ordnung.",
          "Du baust Standelemente nach Plan auf und wieder ab.",
          "Du gibst Auskunft auf Deutsch und Englisch."},
         {"sicheres und freundliches Auftreten", "gute Englischkenntnisse, weitere Sprachen sind ein Plus",
          "Bereitschaft, mehrere Tage am Stück zu arbeiten", "Erfahrung auf Messen ist von Vorteil",
          "Businessoutfit (dunkler Anzug oder Kostüm)", "handwerkliches Geschick (Messebau)"},
         {"Übernachtung im Hotel wird gestellt", "Messeoutfit vom Aussteller", "Verpflegung an allen Messetagen",
          "Einblick in spannende Branchen", "Fahrkarte zur Messe wird erstattet"},
         {"Messe {city}, Halle 4", "Messegelände {city}", "Kongresszentrum {city}", "Messe {city}, Eingang Süd"},
         {"an allen Messetagen, 8:30 bis 18:30 Uhr", "drei Messetage plus ein Schulungstag",
          "Aufbau zwei Tage vor Messebeginn, Abbau am letzten Messetag"},
         {"zur {fair}, 4 bis 6 Tage", "für die Dauer der {fair}", "während der {fair} und zwei Tage Aufbau"},
         14.0, 22.0, 35,
         {"Tagespauschale für Verpflegung", "Zuschlag für Sonntagseinsätze"},
         {"Messe", "Hostess", "Expo", "Fair", "Stand", "Kongress"}},

        {"event", 16,
         {{3, 35}, {11, 12}, {10, 10}, {17, 14}, {41, 8}, {39, 6}, {49, 6}, {42, 4}, {21, 3}, {31, 2}},
         {6, 7, 8, 31},
         {{6, 45}, {4, 25}, {1, 20}, {5, 10}},
         {{3, "Eventhelfer (m/w/d) für {event} in {city}"},
          {3, "Event-Aushilfe (m/w/d) am Wochenende in {city}"},
          {11, "Einlasskontrolle (m/w/d) für {event} in {city}"},
          {10, "Garderobenkraft (m/w/d) für Konzerte in {city}"},
          {17, "Auf- und Abbauhelfer (m/w/d) für {event} in {city}"},
          {41, "Ordner (m/w/d) für {event} in {city}"},
          {39, "Ticketverkauf an der Tageskasse (m/w/d) in {city}"},
          {49, "Stagehand (m/w/d) für Konzerte und Shows in {city}"},
          {31, "Eventmanager (m/w/d) für Firmenevents in {city}"},
          {42, "Parkplatzeinweiser (m/w/d) für {event} in {city}"},
          {21, "Moderator (m/w/d) für Bühnenprogramm in {city}"}},
         {"{org} organisiert {event} in {city} und sucht ein zuverlässiges Team vor Ort.",
          "Für {event} in {city} stellt {org} Helferinnen und Helfer für Aufbau, Einlass und Betreuung.",
          "Sei dabei, wenn in {city} {event} stattfindet: {org} sucht Verstärkung."},
         {"Du kontrollierst Tickets und Bändchen am Einlass.", "Du betreust Gäste und beantwortest Fragen.",
          "Du hilfst beim Auf- und Abbau von Bühnen, Zelten und Möbeln.", "Du gibst Garderobe aus und nimmst sie an.",
          "Du lenkst Besucherströme und hältst Fluchtwege frei.", "Du verkaufst Tickets und rechnest die Kasse ab."},
         {"körperliche Belastbarkeit", "Teamgeist und gute Laune", "Einsatzbereitschaft auch abends und am Wochenende",
          "Mindestalter 18 Jahre", "Unterrichtung nach § 34a GewO von Vorteil (Ordnerdienst)", "festes Schuhwerk"},
         {"freier Eintritt zu ausgewählten Veranstaltungen", "Verpflegung während der Schicht",
          "Teamshirt wird gestellt", "Schichten frei wählbar über unsere App", "Bezahlung pro Stunde, auch bei kurzen Einsätzen"},
         {"Eventhalle {city}", "Stadion {city}", "Festivalgelände bei {city}", "Open-Air-Gelände {city}", "Stadthalle {city}"},
         {"Freitag bis Sonntag, Schichten zu 6 bis 10 Stunden", "abends ab 17 Uhr", "Einsatztage nach Veranstaltungskalender"},
         {"einzelne Veranstaltungstage", "die ganze Saison über", "ab sofort, laufend"},
         12.5, 18.0, 15,
         {"Nacht- und Feiertagszuschläge", "Zuschlag ab der zehnten Stunde"},
         {"Event", "Live", "Crew", "Show", "Stage", "Eventservice"}},

        {"gastro", 18,
         {{4, 35}, {5, 12}, {12, 10}, {13, 8}, {14, 8}, {15, 10}, {43, 8}, {44, 5}, {45, 6}, {66, 8}},
         {1, 2, 3},
         {{4, 35}, {3, 25}, {6, 25}, {2, 10}, {5, 5}},
         {{4, "Servicekraft (m/w/d) für unser Restaurant in {city}"},
          {4, "Aushilfe Service (m/w/d) auf Minijob-Basis in {city}"},
          {5, "Barkeeper (m/w/d) für Cocktailbar in {city}"},
          {15, "Küchenhilfe (m/w/d) in {city}"},
          {14, "Koch / Köchin (m/w/d) für Events und Catering in {city}"},
          {66, "Bankettservice (m/w/d) für Hochzeiten und Galas in {city}"},
          {12, "Runner (m/w/d) für Eventcatering in {city}"},
          {44, "Barista (m/w/d) für mobile Kaffeebar in {city}"},
          {45, "Thekenkraft (m/w/d) im Stadion in {city}"},
          {13, "Spüler (m/w/d) für Großveranstaltungen in {city}"},
          {43, "Cateringhelfer (m/w/d) für {event} in {city}"}},
         {"{org} steht seit Jahren für gute Küche und herzlichen Service in {city}.",
          "Für Caterings und Bankette in {city} sucht {org} Verstärkung im Service und in der Küche.",
          "Ob Hochzeit, Firmenfeier oder Konzert: {org} bewirtet Gäste in {city} und Umgebung."},
         {"Du servierst Speisen und Getränke und räumst ab.", "Du deckst Tische ein und bereitest den Service vor.",
          "Du bereitest Cocktails und Longdrinks zu.", "Du unterstützt das Küchenteam bei der Vorbereitung.",
          "Du hältst Spülküche und Arbeitsplätze sauber.", "Du baust Buffets auf und betreust sie."},
         {"Erfahrung in der Gastronomie ist schön, aber kein Muss", "Belastbarkeit auch bei viel Betrieb",
          "Freundlichkeit und ein gepflegtes Erscheinungsbild", "Rote Karte (Belehrung nach § 43 IfSG) oder Bereitschaft, sie zu machen",
          "gute Deutschkenntnisse", "Zeit am Abend und am Wochenende"},
         {"Trinkgeld zusätzlich zum Stundenlohn", "kostenloses Personalessen", "Arbeitskleidung wird gestellt",
          "ein herzliches, junges Team", "planbare Schichten"},
         {"Restaurant in der Altstadt von {city}", "Hotel am Markt, {city}", "Eventlocation in {city}",
          "Stadion {city}", "Cateringküche {city}"},
         {"abends ab 17 Uhr und am Wochenende", "Schichten zwischen 10 und 23 Uhr", "nach Veranstaltungsplan"},
         {"ab sofort, unbefristet", "für die Sommersaison", "für die Weihnachtsfeiern im Dezember", "laufend"},
         12.5, 16.5, 3,
         {"Trinkgeld", "Sonn- und Feiertagszuschläge"},
         {"Gastro", "Catering", "Bankett", "Genuss", "Küche", "Hospitality"}},

        {"handel", 9,
         {{22, 30}, {23, 25}, {24, 20}, {37, 15}, {9, 8}, {56, 2}},
         {9, 24, 22, 17, 10},
         {{4, 40}, {6, 30}, {3, 20}, {5, 10}},
         {{22, "Merchandiser (m/w/d) im Lebensmitteleinzelhandel in {city}"},
          {23, "Regalservice (m/w/d) auf Minijob-Basis in {city}"},
          {24, "Inventurhelfer (m/w/d) in {city}"},
          {37, "Verkaufsaushilfe (m/w/d) für die Weihnachtszeit in {city}"},
          {9, "Kassierer (m/w/d) in Teilzeit in {city}"},
          {56, "Testkäufer (m/w/d) im Raum {city}"}},
         {"{org} betreut Handelsflächen namhafter Hersteller in ganz Deutschland, auch in {city}.",
          "Für Filialen in {city} sucht {org} zuverlässige Unterstützung auf der Fläche."},
         {"Du füllst Regale nach Planogramm auf.", "Du baust Aktionsdisplays auf.", "Du zählst und scannst Warenbestände.",
          "Du berätst Kundinnen und Kunden im Laden.", "Du kontrollierst Preise und Mindesthaltbarkeitsdaten."},
         {"sorgfältige Arbeitsweise", "Zuverlässigkeit", "Führerschein und eigenes Auto von Vorteil",
          "Zeit am Vormittag", "erste Erfahrung im Handel ist ein Plus"},
         {"feste Touren in deiner Nähe", "Fahrtkostenerstattung", "Einarbeitung durch erfahrene Kolleginnen und Kollegen",
          "langfristige Zusammenarbeit"},
         {"Märkte im Raum {city}", "Filiale {city} Zentrum", "Baumarkt {city}", "Warenhaus {city}"},
         {"vormittags, 2 bis 4 Stunden", "Montag bis Samstag nach Absprache", "nachts (Inventur), 20 bis 4 Uhr"},
         {"ab sofort, dauerhaft", "für die Inventur zum Jahresende", "Weihnachtsgeschäft"},
         12.5, 15.5, 40,
         {"Nachtzuschlag bei Inventuren"},
         {"Retail", "Handel", "Merchandising", "Instore", "Markt"}},

        {"logistik", 7,
         {{16, 25}, {28, 25}, {65, 20}, {27, 10}, {26, 12}, {63, 8}},
         {29, 30, 9},
         {{6, 40}, {3, 25}, {4, 20}, {2, 15}},
         {{28, "Lagerhelfer (m/w/d) in {city}"},
          {65, "Kommissionierer (m/w/d) in Teilzeit in {city}"},
          {26, "Fahrer (m/w/d) für Eventlogistik in {city}"},
          {27, "Kurier (m/w/d) mit E-Bike in {city}"},
          {63, "Zusteller (m/w/d) für Prospekte in {city}"},
          {16, "Logistikhelfer (m/w/d) für Messen und Events in {city}"}},
         {"{org} sorgt dafür, dass Material für Events und Handel pünktlich ankommt – in {city} und bundesweit.",
          "Unser Lager in {city} wächst: {org} sucht Helferinnen und Helfer."},
         {"Du kommissionierst Aufträge mit dem Handscanner.", "Du verlädst Material und sicherst die Ladung.",
          "Du fährst Material zu Veranstaltungsorten.", "Du stellst Sendungen in deinem Gebiet zu."},
         {"Führerschein Klasse B (Fahrer)", "körperliche Fitness", "Staplerschein von Vorteil", "Pünktlichkeit"},
         {"Schichtzulagen", "moderne Fahrzeuge", "kostenlose Getränke", "Übernahme möglich"},
         {"Logistikzentrum {city}", "Lager {city} Nord", "Depot {city}"},
         {"Früh- oder Spätschicht", "Montag bis Freitag, 6 bis 14 Uhr", "nach Tourenplan"},
         {"ab sofort, unbefristet", "für drei Monate mit Option auf Verlängerung", "laufend"},
         13.0, 17.0, 10,
         {"Schichtzulage", "Kilometergeld"},
         {"Logistik", "Transport", "Kurier", "Cargo"}},

        {"buero", 5,
         {{58, 25}, {59, 20}, {60, 25}, {29, 15}, {25, 15}},
         {28, 25, 15, 27},
         {{3, 35}, {4, 25}, {5, 25}, {2, 15}},
         {{25, "Interviewer (m/w/d) für Marktforschung in {city}"},
          {58, "Bürohilfe (m/w/d) auf Minijob-Basis in {city}"},
          {60, "Kundenservice (m/w/d) im Homeoffice oder in {city}"},
          {59, "Datenerfassung (m/w/d) in Teilzeit in {city}"},
          {29, "Telefonmarketing (m/w/d) in {city}"}},
         {"{org} befragt im Auftrag von Unternehmen und Instituten Menschen in {city} und online.",
          "Für unser Büro in {city} sucht {org} Unterstützung."},
         {"Du führst Interviews nach Fragebogen am Tablet.", "Du pflegst Daten im System.",
          "Du beantwortest Anfragen per Telefon, E-Mail und Chat.", "Du erledigst Ablage und Post."},
         {"sichere Deutschkenntnisse in Wort und Schrift", "Grundkenntnisse in MS Office",
          "freundliche Telefonstimme", "Sorgfalt"},
         {"Homeoffice nach Einarbeitung möglich", "flexible Arbeitszeiten", "moderne Arbeitsplätze"},
         {"Büro {city}", "Innenstadt {city}", "Homeoffice oder Büro {city}"},
         {"Montag bis Freitag, 9 bis 13 Uhr", "flexibel zwischen 8 und 20 Uhr", "10 bis 20 Stunden pro Woche"},
         {"ab sofort, unbefristet", "für ein Projekt über acht Wochen"},
         13.0, 18.0, 5,
         {"Prämie pro abgeschlossenem Interview"},
         {"Research", "Service", "Office", "Dialog", "Insights"}},

        {"betreuung", 5,
         {{18, 30}, {19, 25}, {54, 20}, {55, 15}, {52, 10}},
         {33, 31, 19},
         {{4, 40}, {3, 30}, {1, 20}, {5, 10}},
         {{18, "Nachhilfelehrer (m/w/d) für Mathe und Deutsch in {city}"},
          {19, "Kinderbetreuung (m/w/d) bei Firmenevents in {city}"},
          {54, "Seniorenbetreuung (m/w/d) stundenweise in {city}"},
          {55, "Haushaltshilfe (m/w/d) in {city}"},
          {52, "Animateur (m/w/d) für Kinderprogramm in {city}"}},
         {"{org} vermittelt Betreuung und Unterstützung für Familien in {city}.",
          "Für Familien und Seniorinnen und Senioren in {city} sucht {org} herzliche Menschen."},
         {"Du erklärst Lernstoff verständlich und bereitest auf Prüfungen vor.", "Du betreust Kinder und spielst mit ihnen.",
          "Du begleitest ältere Menschen im Alltag.", "Du unterstützt im Haushalt."},
         {"Geduld und Einfühlungsvermögen", "erweitertes Führungszeugnis", "Zuverlässigkeit",
          "gute Noten im Fach (Nachhilfe)"},
         {"Einsätze in deiner Nähe", "freie Zeiteinteilung", "Fortbildungen"},
         {"{city} und Umgebung", "Lernstudio {city}", "Familien in {city}"},
         {"nachmittags, 2 bis 6 Stunden pro Woche", "nach Absprache", "vormittags an zwei Tagen pro Woche"},
         {"ab sofort, langfristig", "im laufenden Schuljahr"},
         13.0, 20.0, 0,
         {},
         {"Lernhilfe", "Familienservice", "Betreuung", "Care"}},

        {"fundraising", 3,
         {{38, 80}, {25, 20}},
         {32},
         {{1, 30}, {3, 30}, {5, 40}},
         {{38, "Fundraiser (m/w/d) für Umweltschutz in {city}"},
          {38, "Mitgliederwerbung (m/w/d) für eine Kinderhilfsorganisation in {city}"},
          {38, "Dialoger (m/w/d) im Sommerteam – Start in {city}"},
          {25, "Straßenumfragen (m/w/d) für einen Naturschutzverband in {city}"}},
         {"{org} gewinnt im direkten Gespräch Fördermitglieder für gemeinnützige Organisationen, jetzt auch in {city}."},
         {"Du sprichst Passantinnen und Passanten an und erzählst von unseren Projekten.",
          "Du gewinnst neue Fördermitglieder.", "Du arbeitest im Team mit einer erfahrenen Teamleitung."},
         {"Begeisterung für soziale Themen", "Offenheit", "Zeit für mindestens drei Wochen am Stück"},
         {"Unterkunft bei Einsätzen außerhalb wird gestellt", "Teamabende", "Coaching von Anfang an"},
         {"Fußgängerzone {city}", "Innenstadt {city}"},
         {"Montag bis Freitag, 10 bis 18 Uhr"},
         {"ab sofort, mindestens drei Wochen", "im Sommer"},
         14.0, 20.0, 50,
         {"Erfolgsprämie pro Fördermitglied"},
         {"Dialog", "Fundraising", "Impact"}},

        {"saison", 3,
         {{64, 50}, {53, 25}, {52, 25}},
         {36, 31},
         {{6, 70}, {4, 20}, {2, 10}},
         {{64, "Erntehelfer (m/w/d) für die Spargelernte bei {city}"},
          {64, "Erntehelfer (m/w/d) für die Weinlese bei {city}"},
          {53, "Reiseleitung (m/w/d) für Stadtführungen in {city}"},
          {52, "Animateur (m/w/d) für Ferienanlage bei {city}"}},
         {"{org} sucht für die Saison tatkräftige Unterstützung in {city} und Umgebung."},
         {"Du erntest Obst, Gemüse oder Trauben.", "Du sortierst und verpackst die Ernte.",
          "Du führst Gruppen durch die Stadt.", "Du gestaltest ein Programm für Gäste."},
         {"Freude an der Arbeit draußen", "körperliche Fitness", "Zeit für mindestens zwei Wochen"},
         {"Unterkunft auf dem Hof möglich", "Verpflegung", "Bezahlung pro Stunde plus Leistungsprämie"},
         {"Hof bei {city}", "Weingut bei {city}", "Altstadt {city}"},
         {"Montag bis Samstag, ab 6 Uhr", "nach Tourenplan"},
         {"April bis Juni", "September und Oktober", "in den Sommerferien"},
         12.5, 15.0, 30,
         {"Leistungsprämie"},
         {"Hof", "Saison", "Reise", "Ferien"}},

        {"technik", 4,
         {{48, 35}, {46, 25}, {47, 15}, {40, 15}, {61, 5}, {62, 3}, {57, 2}},
         {6, 35, 7, 26},
         {{1, 35}, {6, 35}, {3, 20}, {2, 10}},
         {{48, "Veranstaltungstechniker (m/w/d) in {city}"},
          {46, "Reinigungskraft (m/w/d) für Events in {city}"},
          {47, "Dekorateur (m/w/d) für Events und Schaufenster in {city}"},
          {40, "Sicherheitsmitarbeiter (m/w/d) nach § 34a in {city}"},
          {61, "Eventfotograf (m/w/d) in {city}"},
          {62, "DJ (m/w/d) für Firmenfeiern in {city}"},
          {57, "Content Creator (m/w/d) für Event-Social-Media in {city}"}},
         {"{org} ist Dienstleister für Technik, Sicherheit und Service bei Veranstaltungen in {city}."},
         {"Du baust Ton- und Lichttechnik auf und bedienst sie.", "Du reinigst Veranstaltungsflächen.",
          "Du dekorierst Räume und Stände.", "Du sicherst Veranstaltungen und Objekte."},
         {"Erfahrung in der Veranstaltungstechnik", "Sachkundeprüfung nach § 34a GewO (Sicherheit)", "Zuverlässigkeit"},
         {"abwechslungsreiche Einsätze", "gute Ausrüstung", "Weiterbildung"},
         {"Stadthalle {city}", "Eventlocation {city}", "Messegelände {city}"},
         {"nach Einsatzplan, auch nachts", "Wochenende"},
         {"ab sofort", "laufend"},
         13.0, 25.0, 15,
         {"Nachtzuschlag"},
         {"Technik", "Security", "Facility", "Sound"}},
    };
    return all;
}

// Trade fairs by city name (as in the places table); other cities use the generic ones.
struct fair {
    std::string_view city;
    std::string_view name;
};
inline const std::vector<fair>& fairs() {
    static const std::vector<fair> all = {
        {"Berlin", "ITB Berlin"},         {"Berlin", "IFA"},
        {"Berlin", "Internationale Grüne Woche"}, {"München", "IAA Mobility"},
        {"München", "bauma"},             {"München", "ISPO"},
        {"Hannover", "Hannover Messe"},   {"Hannover", "Agritechnica"},
        {"Köln", "gamescom"},             {"Köln", "Anuga"},
        {"Köln", "imm cologne"},          {"Düsseldorf", "boot Düsseldorf"},
        {"Düsseldorf", "drupa"},          {"Düsseldorf", "MEDICA"},
        {"Frankfurt am Main", "Frankfurter Buchmesse"}, {"Frankfurt am Main", "Ambiente"},
        {"Nürnberg", "Spielwarenmesse"},  {"Nürnberg", "BIOFACH"},
        {"Stuttgart", "CMT"},             {"Hamburg", "INTERNORGA"},
        {"Hamburg", "SMM"},               {"Leipzig", "Leipziger Buchmesse"},
        {"Essen", "Spiel Essen"},         {"Dortmund", "Jagd & Hund"},
        {"Friedrichshafen", "Eurobike"},  {"Karlsruhe", "LEARNTEC"},
        {"Wien", "Vienna Autoshow"},      {"Basel", "Art Basel"},
        {"Zürich", "Zürich Game Show"},
    };
    return all;
}
inline const std::vector<std::string_view>& generic_fairs() {
    static const std::vector<std::string_view> all = {"Verbrauchermesse", "Fachmesse", "Regionalmesse", "Karrieremesse",
                                                      "Hochzeitsmesse", "Gesundheitsmesse"};
    return all;
}

inline const std::vector<std::string_view>& events() {
    static const std::vector<std::string_view> all = {
        "ein Open-Air-Festival", "ein Stadtfest", "einen Weihnachtsmarkt", "ein Konzert", "einen Firmenlauf",
        "eine Firmenfeier", "ein Fußballspiel", "eine Gala", "ein Straßenfest", "einen Marathon", "ein Food-Festival"};
    return all;
}

inline const std::vector<std::string_view>& brands() {
    static const std::vector<std::string_view> all = {
        "VitaFrisch", "Nordquell", "Sonnenhof Säfte", "Bergkristall Mineralwasser", "Alpenzauber", "Kaffeerösterei Hanseat",
        "CrunchMix", "Lumina Kosmetik", "Fjordstrom Energie", "WattWerk Ökostrom", "FunkNetz Mobil", "Velotura E-Bikes",
        "Haferglück", "Käserei Almrausch", "BioBrauerei Lindenau", "Zuckerbäckerei Wolke", "GlanzPur", "Pfötchenliebe",
        "Gartenfreund", "KlangHaus Audio", "Stadtwerke Rheinblick", "Teeladen Morgenrot", "Schokowerk Elbe", "FrischeBox"};
    return all;
}

inline const std::vector<std::string_view>& tags() {
    static const std::vector<std::string_view> all = {
        "Wochenende", "flexible Arbeitszeiten", "Quereinsteiger willkommen", "ohne Erfahrung", "Abendjob", "Tagesjob",
        "Saisonjob", "Teamarbeit", "Schulung inklusive", "Englisch", "Festanstellung möglich", "kurzfristig", "langfristig"};
    return all;
}

// Organization names: {region} {field word} {tail}.
inline const std::vector<std::string_view>& org_regions() {
    static const std::vector<std::string_view> all = {
        "Hanse", "Rhein", "Isar", "Elb", "Spree", "Main", "Alster", "Nord", "Süd", "West", "Ost", "Alpen", "Bodensee",
        "Ruhr", "Weser", "Neckar", "Donau", "Havel", "Saale", "Mosel", "Harz", "Franken", "Ostsee", "Nordsee", "Pfalz"};
    return all;
}
inline const std::vector<std::string_view>& org_tails() {
    static const std::vector<std::string_view> all = {"Team", "Partner", "Crew", "Agentur", "Service", "Kontor",
                                                      "Solutions", "Concept", "Werk", "Gruppe", "Profis", "Company"};
    return all;
}
inline const std::vector<std::string_view>& legal_forms() {
    static const std::vector<std::string_view> all = {"GmbH", "GmbH", "GmbH", "GmbH & Co. KG", "UG (haftungsbeschränkt)",
                                                      "AG", "e.K.", "KG"};
    return all;
}
inline const std::vector<std::string_view>& first_names() {
    static const std::vector<std::string_view> all = {
        "Anna", "Lena", "Julia", "Sarah", "Laura", "Lea", "Hannah", "Katharina", "Sophie", "Marie", "Jana", "Nina",
        "Lukas", "Jonas", "Felix", "Paul", "Leon", "Maximilian", "Tim", "Jan", "Tobias", "Florian", "Moritz", "Niklas",
        "Aylin", "Elif", "Mehmet", "Can", "Katarzyna", "Piotr", "Ivana", "Luca"};
    return all;
}
inline const std::vector<std::string_view>& last_names() {
    static const std::vector<std::string_view> all = {
        "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
        "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann",
        "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Krause", "Yılmaz", "Kaya", "Nowak",
        "Kowalski"};
    return all;
}
inline const std::vector<std::string_view>& streets() {
    static const std::vector<std::string_view> all = {
        "Hauptstraße", "Bahnhofstraße", "Schulstraße", "Gartenstraße", "Dorfstraße", "Bergstraße", "Lindenstraße",
        "Kirchstraße", "Marktplatz", "Industriestraße", "Am Hafen", "Messeallee", "Ringstraße", "Goethestraße",
        "Schillerstraße", "Friedrichstraße", "Poststraße", "Parkstraße"};
    return all;
}
inline const std::vector<std::string_view>& org_descriptions() {
    static const std::vector<std::string_view> all = {
        "{org} wurde {year} in {city} gegründet und setzt heute mit einem Pool von mehreren tausend Aushilfen Projekte in ganz "
        "Deutschland um. Wir legen Wert auf faire Bezahlung, gute Vorbereitung und persönliche Ansprechpartner.",
        "Seit {year} bringt {org} die richtigen Leute zur richtigen Zeit an den richtigen Ort. Von {city} aus betreuen wir "
        "Kunden aus Handel, Industrie und Veranstaltungswirtschaft.",
        "{org} ist eine inhabergeführte Agentur aus {city}. Wir planen und besetzen Einsätze für namhafte Marken – "
        "zuverlässig, schnell und mit Herz.",
        "Wir sind {org}: ein Team aus {city}, das seit {year} Menschen und Jobs zusammenbringt. Unsere Einsatzkräfte "
        "schätzen die pünktliche Bezahlung und die flexible Einsatzplanung per App."};
    return all;
}
inline const std::vector<std::string_view>& register_courts() {
    static const std::vector<std::string_view> all = {"Amtsgericht Hamburg", "Amtsgericht Berlin (Charlottenburg)",
                                                      "Amtsgericht München", "Amtsgericht Köln", "Amtsgericht Frankfurt am Main",
                                                      "Amtsgericht Düsseldorf", "Amtsgericht Stuttgart", "Amtsgericht Hannover",
                                                      "Amtsgericht Leipzig", "Amtsgericht Nürnberg"};
    return all;
}

}  // namespace jh::seed::data
