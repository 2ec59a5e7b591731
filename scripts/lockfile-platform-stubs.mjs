#!/usr/bin/env node
// Our package registry serves only some platforms' prebuilt binaries (no darwin or win32 builds
// of @next/swc, for example). npm then leaves those optional dependencies out of
// package-lock.json, and `npm ci` refuses the lock as "out of sync". This adds the missing
// entries as optional, platform-tagged stubs: npm skips them on a platform they do not match, so
// nothing is fetched, and a machine with the full registry resolves them as usual.
//
// Run after any `npm install` that changes the lock: `node scripts/lockfile-platform-stubs.mjs`.
import fs from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "win32", "linux", "freebsd", "android", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = OS.find((candidate) => tokens.includes(candidate));
  const cpu = CPU.find((candidate) => tokens.includes(candidate)) ?? (tokens.includes("gnueabihf") || tokens.includes("musleabihf") || tokens.includes("eabi") ? "arm" : undefined);
  return { os, cpu };
}

// Where node would find `name` from the package at `parentPath`: nested first, then hoisted.
function resolves(parentPath, name) {
  let base = parentPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    const index = base.lastIndexOf("/node_modules/");
    if (base === "") return false;
    base = index === -1 ? "" : base.slice(0, index);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const { os, cpu } = platformOf(name);
    const stub = { version: String(spec).replace(/^[\^~=]/, ""), optional: true };
    if (cpu) stub.cpu = [cpu];
    if (os) stub.os = [os];
    packages[`${path ? `${path}/` : ""}node_modules/${name}`] = stub;
    added++;
  }
}

fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `Added ${added} platform stub(s) to ${LOCK}.` : `${LOCK} already lists every optional dependency.`);
