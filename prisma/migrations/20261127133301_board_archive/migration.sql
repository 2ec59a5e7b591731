-- AlterTable
ALTER TABLE "Board" ADD COLUMN     "archivedAt" TIMESTAMPTZ(3);
