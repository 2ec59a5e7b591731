-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "portalDefaultLocale" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "portalLocales" TEXT[] DEFAULT ARRAY['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar']::TEXT[];
