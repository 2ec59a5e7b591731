-- What an event's consumers need beyond the resource (who made the change, a note to the voters),
-- carried by the event itself so no consumer reads it back from another table.
ALTER TABLE "Event" ADD COLUMN "context" JSONB;
