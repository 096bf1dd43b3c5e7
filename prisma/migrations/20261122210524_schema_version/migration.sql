-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 0;
