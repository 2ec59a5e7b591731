import { describe, expect, it } from "vitest";
import { devPort } from "@/scripts/lib/dev-port.mjs";

// `npm run dev -- -p 3960` must put 3960 in NEXTAUTH_URL (every mail link), not only reach Next.
describe("the port npm run dev serves and links to", () => {
  it("takes -p, --port and --port= from the command line over PORT", () => {
    expect(devPort(["-p", "3960"], {})).toBe("3960");
    expect(devPort(["--port", "3961"], { PORT: "4000" })).toBe("3961");
    expect(devPort(["--turbo", "--port=3962"], {})).toBe("3962");
  });

  it("falls back to PORT, then 3000", () => {
    expect(devPort([], { PORT: "4000" })).toBe("4000");
    expect(devPort(["--turbo"], {})).toBe("3000");
  });
});
