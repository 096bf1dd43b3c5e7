-- Hand-written: `contains` on a text slot served by a trigram index under row-level security
-- (storage.md, "contains").
--
-- Under RLS a condition may be checked inside an index, before the policy, only if its function
-- is LEAKPROOF; LIKE is not, so contains read every row of the object. `~~~` is LIKE through
-- folded_like, which never raises an error, has no side effects and returns nothing but its
-- boolean, so evaluating it on another tenant's row reveals nothing: that row is then dropped by
-- the policy, which is still applied to every row the index finds. folded_trgm_ops is pg_trgm's
-- GIN operator class with `~~~` as its LIKE strategy (3), so `t05 ~~~ '%acme%'` becomes a trigram
-- index scan plus a recheck. Each index leads with object_id (btree_gin), so a needle common in
-- other objects or tenants proposes none of their rows: only the object's candidates are rechecked.

CREATE FUNCTION folded_like(haystack text, pattern text) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  -- LIKE's one error, "pattern must not end with escape character", is raised when matching
  -- reaches a final unpaired backslash, so whether it fires depends on the text: a pattern ending
  -- in a backslash is refused before the text is looked at (the app's end in %). LIKE recurses
  -- once per % it gets past, so a long pattern could reach the stack limit on some texts only: the
  -- app's are at most 1,202 characters (600 folded, each maybe escaped, and two %).
  IF right(pattern, 1) = '\' OR length(pattern) > 2000 THEN
    RETURN NULL;
  END IF;
  RETURN haystack LIKE pattern;
END
$$;

-- likesel estimates `~~~` from the column statistics exactly as it does LIKE.
CREATE OPERATOR ~~~ (LEFTARG = text, RIGHTARG = text, FUNCTION = folded_like, RESTRICT = likesel, JOIN = likejoinsel);

-- Only a superuser may mark a function LEAKPROOF or create an operator class. Where the schema
-- owner is not one (some managed services), or pg_trgm is not installed, `~~~` stays a plain,
-- correct LIKE checked after the policy, as contains was before.
DO $$
DECLARE
  slot text;
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     OR (SELECT count(*) FROM pg_available_extensions WHERE name IN ('pg_trgm', 'btree_gin')) < 2 THEN
    RAISE NOTICE 'contains_trigram_index: needs a superuser, pg_trgm and btree_gin; contains stays unindexed';
    RETURN;
  END IF;
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE EXTENSION IF NOT EXISTS btree_gin;
  ALTER FUNCTION folded_like(text, text) LEAKPROOF;
  CREATE OPERATOR CLASS folded_trgm_ops FOR TYPE text USING gin AS
    OPERATOR 3 ~~~ (text, text),
    FUNCTION 1 btint4cmp(int4, int4),
    FUNCTION 2 gin_extract_value_trgm(text, internal),
    FUNCTION 3 gin_extract_query_trgm(text, internal, int2, internal, internal, internal, internal),
    FUNCTION 4 gin_trgm_consistent(internal, int2, text, int4, internal, internal, internal, internal),
    FUNCTION 6 gin_trgm_triconsistent(internal, int2, text, int4, internal, internal, internal),
    STORAGE int4;
  -- One partial index per text slot: empty slots cost nothing, and `tNN ~~~ p` (strict) implies
  -- `tNN IS NOT NULL`, so the planner matches it. object_id first: the list's `object_id = o`
  -- (uuid equality, leakproof) is an index condition too, and GIN intersects its entry with the
  -- needle's trigrams, so the candidates are the object's rows only (an object lies in one tenant).
  FOR slot IN SELECT format('t%s', lpad(i::text, 2, '0')) FROM generate_series(1, 16) i LOOP
    EXECUTE format('CREATE INDEX %I ON record USING gin (object_id, %I folded_trgm_ops) WHERE %I IS NOT NULL', 'record_' || slot || '_trgm_idx', slot, slot);
  END LOOP;
END
$$;
