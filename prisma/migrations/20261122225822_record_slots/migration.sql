-- AlterTable
ALTER TABLE "field_def" ADD COLUMN     "slot" TEXT;

-- AlterTable
ALTER TABLE "record" ADD COLUMN     "d01" TIMESTAMPTZ(3),
ADD COLUMN     "d02" TIMESTAMPTZ(3),
ADD COLUMN     "d03" TIMESTAMPTZ(3),
ADD COLUMN     "d04" TIMESTAMPTZ(3),
ADD COLUMN     "d05" TIMESTAMPTZ(3),
ADD COLUMN     "d06" TIMESTAMPTZ(3),
ADD COLUMN     "n01" DOUBLE PRECISION,
ADD COLUMN     "n02" DOUBLE PRECISION,
ADD COLUMN     "n03" DOUBLE PRECISION,
ADD COLUMN     "n04" DOUBLE PRECISION,
ADD COLUMN     "n05" DOUBLE PRECISION,
ADD COLUMN     "n06" DOUBLE PRECISION,
ADD COLUMN     "n07" DOUBLE PRECISION,
ADD COLUMN     "n08" DOUBLE PRECISION,
ADD COLUMN     "t01" TEXT,
ADD COLUMN     "t02" TEXT,
ADD COLUMN     "t03" TEXT,
ADD COLUMN     "t04" TEXT,
ADD COLUMN     "t05" TEXT,
ADD COLUMN     "t06" TEXT,
ADD COLUMN     "t07" TEXT,
ADD COLUMN     "t08" TEXT,
ADD COLUMN     "t09" TEXT,
ADD COLUMN     "t10" TEXT,
ADD COLUMN     "t11" TEXT,
ADD COLUMN     "t12" TEXT,
ADD COLUMN     "t13" TEXT,
ADD COLUMN     "t14" TEXT,
ADD COLUMN     "t15" TEXT,
ADD COLUMN     "t16" TEXT,
ADD COLUMN     "x01" TEXT,
ADD COLUMN     "x02" TEXT,
ADD COLUMN     "x03" TEXT,
ADD COLUMN     "x04" TEXT,
ADD COLUMN     "x05" TEXT,
ADD COLUMN     "x06" TEXT,
ADD COLUMN     "x07" TEXT,
ADD COLUMN     "x08" TEXT;

-- Hand-written: byte-order collation for folded text, as record_value.value_text.
ALTER TABLE "record" ALTER COLUMN "t01" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t02" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t03" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t04" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t05" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t06" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t07" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t08" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t09" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t10" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t11" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t12" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t13" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t14" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t15" TYPE TEXT COLLATE "C",
  ALTER COLUMN "t16" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x01" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x02" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x03" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x04" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x05" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x06" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x07" TYPE TEXT COLLATE "C",
  ALTER COLUMN "x08" TYPE TEXT COLLATE "C";

-- CreateIndex
CREATE UNIQUE INDEX "field_def_tenant_id_object_id_slot_key" ON "field_def"("tenant_id", "object_id", "slot");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t01_id_idx" ON "record"("tenant_id", "object_id", "t01", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t02_id_idx" ON "record"("tenant_id", "object_id", "t02", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t03_id_idx" ON "record"("tenant_id", "object_id", "t03", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t04_id_idx" ON "record"("tenant_id", "object_id", "t04", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t05_id_idx" ON "record"("tenant_id", "object_id", "t05", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t06_id_idx" ON "record"("tenant_id", "object_id", "t06", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t07_id_idx" ON "record"("tenant_id", "object_id", "t07", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t08_id_idx" ON "record"("tenant_id", "object_id", "t08", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t09_id_idx" ON "record"("tenant_id", "object_id", "t09", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t10_id_idx" ON "record"("tenant_id", "object_id", "t10", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t11_id_idx" ON "record"("tenant_id", "object_id", "t11", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t12_id_idx" ON "record"("tenant_id", "object_id", "t12", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t13_id_idx" ON "record"("tenant_id", "object_id", "t13", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t14_id_idx" ON "record"("tenant_id", "object_id", "t14", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t15_id_idx" ON "record"("tenant_id", "object_id", "t15", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t16_id_idx" ON "record"("tenant_id", "object_id", "t16", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n01_id_idx" ON "record"("tenant_id", "object_id", "n01", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n02_id_idx" ON "record"("tenant_id", "object_id", "n02", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n03_id_idx" ON "record"("tenant_id", "object_id", "n03", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n04_id_idx" ON "record"("tenant_id", "object_id", "n04", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n05_id_idx" ON "record"("tenant_id", "object_id", "n05", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n06_id_idx" ON "record"("tenant_id", "object_id", "n06", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n07_id_idx" ON "record"("tenant_id", "object_id", "n07", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_n08_id_idx" ON "record"("tenant_id", "object_id", "n08", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_d01_id_idx" ON "record"("tenant_id", "object_id", "d01", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_d02_id_idx" ON "record"("tenant_id", "object_id", "d02", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_d03_id_idx" ON "record"("tenant_id", "object_id", "d03", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_d04_id_idx" ON "record"("tenant_id", "object_id", "d04", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_d05_id_idx" ON "record"("tenant_id", "object_id", "d05", "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_d06_id_idx" ON "record"("tenant_id", "object_id", "d06", "id");

-- Hand-written: every new field_def row of a stored type gets the lowest free slot of its kind in
-- its object (archived fields keep theirs, so a slot never holds two fields' values). Schema
-- changes of a tenant are serialized by its tenant row (bumpSchemaVersion), and the unique index
-- above is the backstop. Row triggers see the rows inserted earlier by the same statement.
CREATE FUNCTION field_slot_kind(field_type text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN field_type IN ('text', 'textarea', 'email', 'phone', 'url', 'select', 'lookup') THEN 't'
    WHEN field_type IN ('number', 'currency', 'percent', 'boolean') THEN 'n'
    WHEN field_type IN ('date', 'datetime') THEN 'd'
  END
$$;

CREATE FUNCTION field_slot_count(kind text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind WHEN 't' THEN 16 WHEN 'n' THEN 8 WHEN 'd' THEN 6 ELSE 0 END
$$;

CREATE FUNCTION field_def_assign_slot() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := field_slot_kind(NEW.type);
BEGIN
  IF k IS NOT NULL AND NEW.slot IS NULL THEN
    NEW.slot := (SELECT k || lpad(n::text, 2, '0') FROM generate_series(1, field_slot_count(k)) n
                 WHERE NOT EXISTS (SELECT 1 FROM field_def f WHERE f.tenant_id = NEW.tenant_id AND f.object_id = NEW.object_id
                                   AND f.slot = k || lpad(n::text, 2, '0'))
                 ORDER BY n LIMIT 1);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER field_def_assign_slot BEFORE INSERT ON field_def FOR EACH ROW EXECUTE FUNCTION field_def_assign_slot();

-- Hand-written: existing fields take their slots in field order, and their values move from
-- record_value into them.
UPDATE field_def f SET slot = s.slot
FROM (SELECT tenant_id, id, field_slot_kind(type) || lpad(row_number() OVER w::text, 2, '0') AS slot,
             row_number() OVER w AS n, field_slot_count(field_slot_kind(type)) AS max
      FROM field_def WHERE field_slot_kind(type) IS NOT NULL
      WINDOW w AS (PARTITION BY tenant_id, object_id, field_slot_kind(type) ORDER BY position, api_name)) s
WHERE f.tenant_id = s.tenant_id AND f.id = s.id AND s.n <= s.max;

DO $$
DECLARE s text;
BEGIN
  FOR s IN SELECT DISTINCT slot FROM field_def WHERE slot IS NOT NULL LOOP
    EXECUTE format(
      'UPDATE record r SET %I = %s FROM record_value v JOIN field_def f ON f.tenant_id = v.tenant_id AND f.id = v.field_id
       WHERE f.slot = %L AND v.tenant_id = r.tenant_id AND v.record_id = r.id AND v.ordinal = 0',
      s,
      CASE left(s, 1) WHEN 't' THEN 'v.value_text' WHEN 'd' THEN 'v.value_ts'
        ELSE format('v.value_num, %I = v.value_text', 'x' || substr(s, 2)) END,
      s);
  END LOOP;
END $$;

DELETE FROM record_value v USING field_def f WHERE f.tenant_id = v.tenant_id AND f.id = v.field_id AND f.slot IS NOT NULL;
