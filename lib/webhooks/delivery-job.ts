/** The job of one attempt of one delivery. */
export const DELIVER_WEBHOOK_JOB = "webhooks.deliver";

// The delivery's own schedule decides retries (a new job per attempt, with its start time); the
// queue's retries only cover a worker that died or a database that failed mid-attempt.
export const DELIVERY_JOB_RETRY_LIMIT = 3;
