// `npm run api:types`: writes the openapi-typescript types of /api/v1 and /api/public into
// lib/surfaces/api-client/, from the same documents the server serves.
import fs from "node:fs";
import { PUBLIC_ROUTES } from "@/app/api/public/routes";
import { V1_ROUTES } from "@/app/api/v1/routes";
import { buildPublicDocument } from "@/lib/surfaces/openapi/public-document";
import { GENERATED_TYPES, typescriptTypesOf, withContractLimits } from "@/lib/surfaces/openapi/typescript-types";
import { buildV1Document } from "@/lib/surfaces/openapi/v1-document";

const documents = withContractLimits(() => ({ v1: buildV1Document(V1_ROUTES), public: buildPublicDocument(PUBLIC_ROUTES) }));
for (const [surface, file] of Object.entries(GENERATED_TYPES)) {
  fs.writeFileSync(file, await typescriptTypesOf(documents[surface as keyof typeof documents]));
  console.log(`wrote ${file}`);
}
process.exit(0);
