// The port `npm run dev` listens on: `-p N`, `--port N` or `--port=N` after `--` (what people
// type for `next dev`), else PORT, else 3000. NEXTAUTH_URL, and so every mail link, is built from
// it: a port given on the command line that only reached Next left the links on 3000.
export function devPort(argv, env) {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "-p" || arg === "--port") return argv[index + 1] ?? env.PORT ?? "3000";
    if (arg.startsWith("--port=")) return arg.slice("--port=".length);
  }
  return env.PORT ?? "3000";
}
