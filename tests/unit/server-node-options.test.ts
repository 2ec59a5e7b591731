import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, withServerNodeOptions } from "../../scripts/lib/server-node-options.mjs";

describe("withServerNodeOptions", () => {
  it("adds the server's V8 flags to an empty NODE_OPTIONS", () => {
    expect(withServerNodeOptions({}).NODE_OPTIONS).toBe(SERVER_NODE_FLAGS.join(" "));
  });

  it("keeps the operator's other options", () => {
    expect(withServerNodeOptions({ NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe(
      ["--enable-source-maps", ...SERVER_NODE_FLAGS].join(" "),
    );
  });

  it("lets the operator's own young-generation size win", () => {
    expect(withServerNodeOptions({ NODE_OPTIONS: "--max-semi-space-size=8" }).NODE_OPTIONS).toBe("--max-semi-space-size=8");
  });

  it("leaves the rest of the environment alone", () => {
    expect(withServerNodeOptions({ PORT: "3000" })).toMatchObject({ PORT: "3000" });
  });
});
