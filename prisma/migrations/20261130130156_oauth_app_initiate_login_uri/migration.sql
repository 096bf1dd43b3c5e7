-- AlterTable
ALTER TABLE "oauth_app" ADD COLUMN     "initiate_login_uri" TEXT;
