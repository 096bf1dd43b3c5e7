-- AlterTable
ALTER TABLE "record_value" ALTER COLUMN "value_num" SET DATA TYPE DOUBLE PRECISION;
