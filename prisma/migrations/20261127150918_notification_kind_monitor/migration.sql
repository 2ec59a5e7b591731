-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'MONITOR';
