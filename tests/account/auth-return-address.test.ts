import { describe, it } from "vitest";
import { NextRequest } from "next/server";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import { expectError } from "../support/endpoint-checklist";

// next-auth throws on a return address it cannot read; its route answers that 400 with the error
// envelope, not 500.
const call = (path: string, cookie?: string) =>
  nextAuthRoute.GET(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }) as never, { params: Promise.resolve({ nextauth: path.split("?")[0]!.split("/").slice(3) }) });

describe("the sign-in routes' return address", () => {
  it.each([
    ["/api/auth/x?callbackUrl=NaN", undefined],
    ["/api/auth/signin?callbackUrl=javascript%3Aalert(1)", undefined],
    ["/api/auth/session", "next-auth.callback-url=NaN"],
  ])("%s %s answers 400 VALIDATION_ERROR", async (path, cookie) => {
    const response = await call(path, cookie);
    expectError({ status: response.status, headers: response.headers, json: await response.json() }, 400, "VALIDATION_ERROR");
  });
});
