-- Hand-written (data only): currency fields carry their scale, the decimal places every value is
-- stored and returned with, in field_def.config ("scale", 0 to 4; new fields get it on creation,
-- 2 unless chosen). Fields from before get 2, or more when one of their stored values has more
-- significant decimals (at most 4 were accepted), so that no stored amount loses a digit.
UPDATE field_def f
SET config = f.config || jsonb_build_object('scale', LEAST(4, GREATEST(2, COALESCE((
  SELECT max(length(substring(r.data->>f.api_name FROM '\.(\d*[1-9])0*$')))
  FROM record r WHERE r.tenant_id = f.tenant_id AND r.object_id = f.object_id), 0))))
WHERE f.type = 'currency' AND f.config->'scale' IS NULL;
