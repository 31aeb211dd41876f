-- 0110_candidate_search.sql
-- The candidate search (Bewerberdatenbank, docs/providers.md "Candidate search"): where a
-- candidate lives as a point (for place and radius), each organization's own search status per
-- candidate, the log of every opened candidate card, and the messages organizations sent.
-- Owned by actors/talents/.

-- The candidate's home as a point: the first address's city, geocoded offline through the places
-- table like job locations (jh_job_location_places), written by the trigger below whenever the
-- sedcard changes. NULL when the candidate gave no city or we do not know it.
ALTER TABLE candidate_profiles
    ADD COLUMN search_place_id integer,
    ADD COLUMN search_city text CHECK (length(search_city) <= 200),
    ADD COLUMN search_lat double precision,
    ADD COLUMN search_lon double precision,
    ADD COLUMN search_geo earth GENERATED ALWAYS AS (jh_earth(search_lat, search_lon)) STORED;
CREATE INDEX candidate_profiles_search_geo_idx ON candidate_profiles USING gist (search_geo);

CREATE OR REPLACE FUNCTION jh_candidate_profiles_search_place() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    addr jsonb := NEW.sedcard -> 'addresses' -> 0;
    hit record;
BEGIN
    NEW.search_place_id := NULL;
    NEW.search_lat := NULL;
    NEW.search_lon := NULL;
    NEW.search_city := nullif(left(btrim(coalesce(addr ->> 'city', '')), 200), '');
    IF NEW.search_city IS NOT NULL THEN
        SELECT g.place_id, g.lat, g.lon INTO hit
          FROM jh_job_location_places(jsonb_build_array(jsonb_build_object(
                   'city', NEW.search_city, 'country', lower(coalesce(nullif(addr ->> 'country', ''), 'de'))))) AS g;
        IF hit.place_id IS NOT NULL THEN
            NEW.search_place_id := hit.place_id;
            NEW.search_lat := hit.lat;
            NEW.search_lon := hit.lon;
        END IF;
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER candidate_profiles_search_place BEFORE INSERT OR UPDATE OF sedcard ON candidate_profiles
    FOR EACH ROW EXECUTE FUNCTION jh_candidate_profiles_search_place();
-- Existing profiles get their point now (the trigger fires on this update).
UPDATE candidate_profiles SET sedcard = sedcard WHERE sedcard -> 'addresses' -> 0 ->> 'city' IS NOT NULL;

-- Each organization's own state of a candidate it found: viewed and contacted follow what its
-- members did (never going back), shortlisted and declined are its members' own marks. No row: none.
CREATE TABLE candidate_search_status (
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    profile_id      bigint NOT NULL REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    status          text NOT NULL CHECK (status IN ('viewed', 'contacted', 'shortlisted', 'declined')),
    changed_by      bigint REFERENCES accounts (id) ON DELETE SET NULL,
    changed_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organization_id, profile_id)
);

-- Each time a provider opened a candidate's card in the search: who, for which organization,
-- when. The search's counterpart of application_views; deleted with the candidate.
CREATE TABLE candidate_profile_views (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    profile_id      bigint NOT NULL REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    viewer_id       bigint REFERENCES accounts (id) ON DELETE SET NULL,
    viewed_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX candidate_profile_views_profile_idx ON candidate_profile_views (profile_id, viewed_at DESC);

-- The messages organizations sent to candidates through Jobhafen (mailed to the candidate; the
-- provider never learns the address). Kept as the record of the contact and for the limit of one
-- message per candidate and organization a day.
CREATE TABLE candidate_contacts (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    profile_id      bigint NOT NULL REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    sender_id       bigint REFERENCES accounts (id) ON DELETE SET NULL,
    message         text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX candidate_contacts_pair_idx ON candidate_contacts (organization_id, profile_id, created_at DESC);
