-- The queue of the job that forgets a subscription whose confirmation link died unused, made in
-- advance like every other queue.
SELECT pgboss.create_queue('subscribers.forget_unconfirmed', '{"policy":"standard"}');
