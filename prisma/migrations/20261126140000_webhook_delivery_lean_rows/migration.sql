-- A delivery fanned out with its event no longer copies the event: its attempts read the event's
-- own row. Each write with subscribed endpoints then stores the event once, not once per endpoint.
-- AlterTable
ALTER TABLE "WebhookDelivery" ALTER COLUMN "payload" DROP NOT NULL;

-- Written by hand (the schema cannot express it): a delivery row is claimed (its lease set) and
-- then written once more with its outcome, moments after it was inserted. Leaving a third of each
-- page free lets the claim, which changes no indexed column, stay on the row's own page without
-- new index entries; a full page would make it add one to each of the table's five indexes.
ALTER TABLE "WebhookDelivery" SET (fillfactor = 70);
