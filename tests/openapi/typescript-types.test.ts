import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "@/app/api/public/routes";
import { V1_ROUTES } from "@/app/api/v1/routes";
import { plannedPostTitles } from "@/lib/surfaces/api-client/example";
import { db } from "@/lib/platform/db/client";
import { buildPublicDocument } from "@/lib/surfaces/openapi/public-document";
import { GENERATED_TYPES, typescriptTypesOf, withContractLimits } from "@/lib/surfaces/openapi/typescript-types";
import { buildV1Document } from "@/lib/surfaces/openapi/v1-document";
import { seedBoard, seedTenant } from "../support/api";
import { serveRoutes, type RouteServer } from "../support/route-server";

describe("the typed client", () => {
  it.each(Object.entries(GENERATED_TYPES))("lib/surfaces/api-client types of %s are current (else: npm run api:types)", async (surface, file) => {
    const document = withContractLimits(() => (surface === "v1" ? buildV1Document(V1_ROUTES) : buildPublicDocument(PUBLIC_ROUTES)));
    expect(fs.readFileSync(file, "utf8") === (await typescriptTypesOf(document)), `${file} is stale: run npm run api:types`).toBe(true);
  });

  describe("the openapi-fetch example of docs/api.md, against the API over HTTP", () => {
    let server: RouteServer;
    beforeAll(async () => {
      server = await serveRoutes(Object.fromEntries(Object.entries(V1_ROUTES).map(([path, module]) => [`/api/v1${path}`, module])));
    });
    afterAll(() => server.close());

    it("lists planned posts, most voted first", async () => {
      const tenant = await seedTenant();
      const board = await seedBoard(tenant.workspace.id);
      const workspaceId = tenant.workspace.id;
      await db.post.createMany({
        data: [
          { workspaceId, boardId: board.id, title: "Dark mode", status: "planned", voteCount: 3 },
          { workspaceId, boardId: board.id, title: "SSO", status: "planned", voteCount: 9 },
          { workspaceId, boardId: board.id, title: "Exports", status: "open", voteCount: 20 },
        ],
      });
      expect(await plannedPostTitles(server.url, await tenant.key(["posts:read"]))).toEqual(["SSO", "Dark mode"]);
      await expect(plannedPostTitles(server.url, await tenant.key(["boards:read"]))).rejects.toThrow("INSUFFICIENT_SCOPES");
      expect(server.problems).toEqual([]);
    });
  });
});
