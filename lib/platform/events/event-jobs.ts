/** The job the statement recording an event queues (lib/platform/events/record-event-sql.ts): it hands the event to its consumers. */
export const DISPATCH_EVENT_JOB = "events.dispatch";
/** The job that hands one event to one consumer. */
export const CONSUME_EVENT_JOB = "events.consume";
