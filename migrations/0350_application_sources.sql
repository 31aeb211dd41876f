-- 0350_application_sources.sql: where an application came from (issue 44, item 4; docs/reach.md,
-- "Herkunft der Bewerbungen"). The campaign values and the referring site's host name travel in the
-- URL of the application flow and come with the apply request; the label the portal shows
-- ("Indeed", "Google", …, else the utm_source, else "Direkt") is made by the server
-- (actors/applications/application_source.cpp). Each value at most 100 characters, as the route
-- bounds it; a host name only, never a referrer's path or query. NULL label: an application from
-- before this was recorded ("Nicht erfasst").
ALTER TABLE applications
    ADD COLUMN source_label text CHECK (char_length(source_label) BETWEEN 1 AND 100),
    ADD COLUMN source_utm_source text CHECK (char_length(source_utm_source) <= 100),
    ADD COLUMN source_utm_medium text CHECK (char_length(source_utm_medium) <= 100),
    ADD COLUMN source_utm_campaign text CHECK (char_length(source_utm_campaign) <= 100),
    ADD COLUMN source_referrer_host text CHECK (char_length(source_referrer_host) <= 100
                                               AND source_referrer_host ~ '^[a-z0-9.-]+$');
