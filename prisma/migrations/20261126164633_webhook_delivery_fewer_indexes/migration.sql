-- Every attempt writes its outcome to the delivery row, and that write (it changes the status)
-- adds an entry to each of the table's indexes: two fewer indexes make every delivery cheaper.
-- Deliveries leave with their endpoint, which leaves with its workspace, so the workspace key needs
-- neither a foreign key nor an index; fan-outs now give a delivery an id made from its endpoint and
-- event, so the primary key keeps one delivery per endpoint and event.

-- DropForeignKey
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_workspaceId_fkey";

-- DropIndex
DROP INDEX "WebhookDelivery_workspaceId_idx";

-- DropIndex
DROP INDEX "WebhookDelivery_endpointId_eventId_key";
