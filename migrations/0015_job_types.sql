-- 0015_job_types.sql
-- The job types of the landing pages (/eventjobs, /ferienjobs, /gastrojobs, /messejobs, /nebenjobs,
-- /promotionjobs, /rentnerjobs, /schuelerjobs, /studentenjobs). A job type is not stored on a job:
-- it is a defined set of activities and/or employment types, and a job belongs to a type when it
-- has ANY of the type's activities OR ANY of its employment types. The sets are written down in
-- docs/decisions.md ("Job catalogue (issue 4)"); ids are those of 0010.
--
-- GET /api/job_postings?jobType=promotionjobs filters by it, GET /api/job_postings_totals counts
-- per type. Changing a set here changes what the landing page shows, nothing else.

CREATE TABLE job_types (
    id                  integer PRIMARY KEY,
    slug                text NOT NULL UNIQUE CHECK (slug ~ '^[a-z]+$'),
    name                text NOT NULL UNIQUE,
    activity_ids        integer[] NOT NULL DEFAULT '{}',
    employment_type_ids integer[] NOT NULL DEFAULT '{}',
    sort_order          integer NOT NULL DEFAULT 0,
    CHECK (cardinality(activity_ids) + cardinality(employment_type_ids) > 0)
);
COMMENT ON TABLE job_types IS
  'Landing-page job types: a job is of a type when activity_ids && type.activity_ids OR employment_type_ids && type.employment_type_ids.';

INSERT INTO job_types (id, slug, name, activity_ids, employment_type_ids, sort_order) VALUES
 -- Promotion, Verkostung, Sampling, Flyerverteilung, Walking Act, Merchandising, Standbetreuung,
 -- Kostümfigur, Produktberatung, Fundraising
 (1, 'promotionjobs', 'Promotionjobs', '{1,6,7,8,20,22,32,35,36,38}', '{}', 1),
 -- Messehostess, Hostess, Empfang, Standbetreuung, Messebau, Dolmetscher
 (2, 'messejobs',     'Messejobs',     '{2,30,32,33,50,51}', '{}', 2),
 -- Eventhelfer, Garderobe, Einlasskontrolle, Auf- und Abbau, Walking Act, Moderation, Eventmanager,
 -- Kostümfigur, Ticketverkauf, Sicherheitsdienst, Ordnerdienst, Parkplatzeinweisung,
 -- Veranstaltungstechnik, Stagehand, DJ
 (3, 'eventjobs',     'Eventjobs',     '{3,10,11,17,20,21,31,35,39,40,41,42,48,49,62}', '{}', 3),
 -- Servicekraft, Barkeeper, Runner, Spüler, Koch, Küchenhilfe, Catering, Barista, Thekenkraft, Bankett
 (4, 'gastrojobs',    'Gastrojobs',    '{4,5,12,13,14,15,43,44,45,66}', '{}', 4),
 -- Werkstudent (employment type), and Nachhilfe / Umfragen, which students typically do
 (5, 'studentenjobs', 'Studentenjobs', '{18,25}', '{5}', 5),
 -- Jobs pensioners often take: Garderobe, Einlass, Kassierer, Fahrer, Kurier, Empfang,
 -- Parkplatzeinweisung, Seniorenbetreuung, Haushaltshilfe, Mystery Shopping, Bürohilfe, Zusteller
 (6, 'rentnerjobs',   'Rentnerjobs',   '{9,10,11,26,27,30,42,54,55,56,58,63}', '{}', 6),
 -- Jobs open to pupils (JArbSchG: light work): Flyer, Nachhilfe, Kinderbetreuung, Regalservice,
 -- Zusteller, Erntehilfe
 (7, 'schuelerjobs',  'Schülerjobs',   '{8,18,19,23,63,64}', '{}', 7),
 -- Seasonal work: Erntehelfer, Animation, Reiseleitung, Inventur
 (8, 'ferienjobs',    'Ferienjobs',    '{24,52,53,64}', '{}', 8),
 -- Side jobs: every minijob, part-time or temporary job
 (9, 'nebenjobs',     'Nebenjobs',     '{}', '{3,4,6}', 9);
