-- AlterTable
ALTER TABLE "User" ADD COLUMN     "portalLocale" TEXT;
