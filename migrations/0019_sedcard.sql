-- 0019_sedcard.sql
-- The sedcard (candidate profile) beyond the name: every section of candidate-side.md section 3 as
-- one JSON document per profile (validated by actors/profiles/profile_rules.cpp before it is
-- stored; docs/sedcard.md says why a document and not sixty columns), the completeness derived
-- from it, and the media: images, videos, documents with their attachments. Files live under
-- JOBHAFEN_VAR_DIR/media/profiles with names we generate; the rows name them (storage_key).
-- Owned by actors/profiles/.

ALTER TABLE candidate_profiles
    ADD COLUMN IF NOT EXISTS sedcard jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- CONTRACT with applying (issue 7): both written in the same transaction as every profile change.
    ADD COLUMN IF NOT EXISTS has_relevant_data_for_application boolean NOT NULL DEFAULT false,
    ADD COLUMN IF NOT EXISTS completeness_percent smallint,
    ADD COLUMN IF NOT EXISTS completeness_points smallint NOT NULL DEFAULT 0;

ALTER TABLE candidate_profiles
    ADD CONSTRAINT candidate_profiles_sedcard_object
        CHECK (jsonb_typeof(sedcard) = 'object' AND octet_length(sedcard::text) <= 262144),
    ADD CONSTRAINT candidate_profiles_completeness_range
        CHECK ((completeness_percent IS NULL OR completeness_percent BETWEEN 0 AND 100) AND completeness_points BETWEEN 0 AND 75);

UPDATE candidate_profiles SET completeness_percent = 0 WHERE completeness_percent IS NULL;
ALTER TABLE candidate_profiles ALTER COLUMN completeness_percent SET DEFAULT 0;

-- RFC 7386 JSON merge patch: objects merge member by member, null removes, anything else
-- (arrays too) replaces. Used by PATCH /api/candidate_profiles/{id}.
CREATE OR REPLACE FUNCTION jh_json_merge_patch(target jsonb, patch jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    result jsonb;
    k text;
    v jsonb;
BEGIN
    IF jsonb_typeof(patch) IS DISTINCT FROM 'object' THEN
        RETURN patch;
    END IF;
    result := CASE WHEN jsonb_typeof(target) = 'object' THEN target ELSE '{}'::jsonb END;
    FOR k, v IN SELECT * FROM jsonb_each(patch) LOOP
        IF jsonb_typeof(v) = 'null' THEN
            result := result - k;
        ELSE
            result := jsonb_set(result, ARRAY[k], jh_json_merge_patch(result -> k, v), true);
        END IF;
    END LOOP;
    RETURN result;
END;
$$;

-- Images: portrait, american_portrait, full_body, misc. The stored file is our re-encoded JPEG
-- (metadata stripped); thumbnails are "<storage_key>-w<width>.jpg" for each width in thumb_widths.
CREATE TABLE profile_images (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    profile_id    bigint NOT NULL REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    type          text NOT NULL CHECK (type IN ('portrait', 'american_portrait', 'full_body', 'misc')),
    storage_key   text NOT NULL UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$'),
    width         integer NOT NULL CHECK (width > 0),
    height        integer NOT NULL CHECK (height > 0),
    bytes         bigint NOT NULL CHECK (bytes > 0),
    thumb_widths  integer[] NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_images_profile_idx ON profile_images (profile_id, type, id);

ALTER TABLE candidate_profiles
    ADD CONSTRAINT candidate_profiles_portrait_fk
        FOREIGN KEY (profile_image_portrait_id) REFERENCES profile_images (id) ON DELETE SET NULL;

-- Videos: goals, introduction, selling_point. The poster is a JPEG next to the file.
CREATE TABLE profile_videos (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    profile_id    bigint NOT NULL REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    type          text NOT NULL CHECK (type IN ('goals', 'introduction', 'selling_point')),
    storage_key   text NOT NULL UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$'),
    content_type  text NOT NULL CHECK (content_type IN ('video/mp4', 'video/webm', 'video/quicktime')),
    bytes         bigint NOT NULL CHECK (bytes > 0),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_videos_profile_idx ON profile_videos (profile_id, type, id);

-- Documents: business_license, certificate_of_enrollment, misc; each with attachments (files).
CREATE TABLE profile_documents (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    profile_id        bigint NOT NULL REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    kind              text NOT NULL CHECK (kind IN ('business_license', 'certificate_of_enrollment', 'misc')),
    type              text NOT NULL CHECK (type IN ('bfa_befreiung', 'business_license', 'certificate', 'criminal_record', 'cv',
                                                    'driving_license', 'enrollment_certificate', 'health_certificate',
                                                    'identification_card', 'misc', 'tax_card', 'tax_confirmation', 'work_permit')),
    valid_from        date,
    valid_until       date,
    valid_open_ended  boolean NOT NULL DEFAULT false,
    notes             text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (valid_until IS NULL OR valid_from IS NULL OR valid_until >= valid_from)
);
CREATE INDEX profile_documents_profile_idx ON profile_documents (profile_id, kind, id);

CREATE TABLE profile_document_attachments (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    document_id   bigint NOT NULL REFERENCES profile_documents (id) ON DELETE CASCADE,
    storage_key   text NOT NULL UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$'),
    content_type  text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif')),
    -- The name the client gave, for display and the download's file name only; never a path.
    file_name     text NOT NULL DEFAULT '' CHECK (length(file_name) <= 255),
    bytes         bigint NOT NULL CHECK (bytes > 0),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_document_attachments_document_idx ON profile_document_attachments (document_id, id);

-- Files of a deleted row are removed by the `media` worker from a queue job written in the same
-- transaction as the DELETE (also for a deleted account: actors/accounts delete_account).
