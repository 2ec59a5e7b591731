-- The queue of the import job (previews and runs), made in advance like every other queue, so the
-- first imports started at once do not race to make it.
SELECT pgboss.create_queue('imports.run', '{"policy":"standard"}');
