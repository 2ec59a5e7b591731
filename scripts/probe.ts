import { runProbe } from "./probe/agent";

// `npm run probe`: checks this workspace's monitors from this machine and reports to the app.
//   PROBE_API_URL=https://status.example.com PROBE_API_KEY=wsk_… PROBE_PLACE=eu-west npm run probe
// The key needs monitors:read and monitors:write (docs/users.md, "Probe agents").

const apiUrl = process.env.PROBE_API_URL;
const apiKey = process.env.PROBE_API_KEY;
const place = process.env.PROBE_PLACE ?? "";
if (!apiUrl || !apiKey || !/^[a-z0-9-]{1,40}$/.test(place)) {
  console.error("Set PROBE_API_URL (the app's address), PROBE_API_KEY (a key with monitors:read and monitors:write) and PROBE_PLACE (e.g. eu-west: lowercase letters, digits and -).");
  process.exit(2);
}
const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => controller.abort());
console.log(`probe ${place}: checking the monitors of ${apiUrl}`);
await runProbe({ apiUrl, apiKey, place }, controller.signal);
