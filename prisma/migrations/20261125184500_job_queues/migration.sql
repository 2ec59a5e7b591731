-- Every queue the app uses today, created once here instead of on first use: a queue made on
-- first use by many requests at once (fifty visitors voting in the same second on a fresh
-- database) raced to create the same partition and deadlocked. A job name added later still works
-- (the worker creates the queues it serves when it starts, and enqueueing creates a missing one),
-- but belongs here too.
SELECT pgboss.create_queue('events.dispatch', '{"policy":"standard"}');
SELECT pgboss.create_queue('events.consume', '{"policy":"standard"}');
SELECT pgboss.create_queue('changelog.publish_due', '{"policy":"standard"}');
SELECT pgboss.create_queue('mail.send', '{"policy":"standard"}');
SELECT pgboss.create_queue('status.maintenance_boundary', '{"policy":"standard"}');
SELECT pgboss.create_queue('webhooks.deliver', '{"policy":"standard"}');
