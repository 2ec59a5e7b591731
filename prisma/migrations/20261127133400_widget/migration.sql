-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "hostMetadata" JSONB;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "widgetOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];
