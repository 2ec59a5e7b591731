import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { PUBLIC_ROUTES } from "@/app/api/public/routes";
import { V1_ROUTES } from "@/app/api/v1/routes";
import { endpointOf, isFallback } from "@/lib/surfaces/openapi/endpoint";
import { buildPublicDocument } from "@/lib/surfaces/openapi/public-document";
import type { OpenApiDocument } from "@/lib/surfaces/openapi/route-table";
import { buildV1Document } from "@/lib/surfaces/openapi/v1-document";

// Every answer the API tests receive through `call` is checked against the OpenAPI documents the
// app serves, with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1): the status must be one
// the operation documents, its required headers present, and the body valid against the schema of
// that status and content type. So a view, a code or a header that changes without its document
// fails the test that saw it.

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

type Surface = "v1" | "public";
type Json = Record<string, unknown>;

let built: Record<Surface, OpenApiDocument> | undefined;
export function openApiDocuments(): Record<Surface, OpenApiDocument> {
  built ??= { v1: buildV1Document(V1_ROUTES), public: buildPublicDocument(PUBLIC_ROUTES) };
  return built;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** Builds the documents and the validator up front, so no test's own timing pays for them. */
export function warmOpenApiValidator(): Ajv2020 {
  if (!ajv) {
    // The documents are checked as documents by the linter (tests/openapi); here they are only used.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    for (const [name, document] of Object.entries(openApiDocuments())) ajv.addSchema(document as object, name);
  }
  return ajv;
}

function validatorAt(surface: Surface, pointer: string): ValidateFunction {
  const ajv = warmOpenApiValidator();
  const ref = `${surface}#${pointer}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

const escape = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

function resolve(document: OpenApiDocument, value: unknown): { pointer: string | null; value: Json } {
  const ref = (value as { $ref?: string }).$ref;
  if (!ref) return { pointer: null, value: value as Json };
  let target: unknown = document;
  for (const segment of ref.slice(2).split("/")) target = (target as Json)[segment.replaceAll("~1", "/").replaceAll("~0", "~")];
  return { pointer: ref.slice(1), value: target as Json };
}

interface Located {
  surface: Surface;
  path: string;
  method: string;
  operation: Json;
}

function locate(operationId: string, surfaces: Surface[]): Located | null {
  for (const surface of surfaces) {
    for (const [path, item] of Object.entries(openApiDocuments()[surface].paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Json)) {
        if ((operation as Json).operationId === operationId) return { surface, path, method, operation: operation as Json };
      }
    }
  }
  return null;
}

function operationOf(handler: unknown): Located | null | "fallback" {
  if (isFallback(handler)) return "fallback";
  const endpoint = endpointOf(handler);
  if (!endpoint) return null;
  if (endpoint.kind === "raw") return locate(endpoint.operationId, ["v1", "public"]);
  return locate(endpoint.spec.operation.id, [endpoint.kind]);
}

export interface ReceivedResponse {
  method: string;
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Throws when `received`, answered by `handler`, is not what the documents say. Handlers that are
 * in no document (a route a test defines for itself) are not checked; the 405/404 fallbacks must
 * answer the error envelope.
 */
export function assertMatchesDocument(handler: unknown, received: ReceivedResponse): void {
  const located = operationOf(handler);
  if (located === null) return;
  if (located === "fallback") {
    if (received.text) expectValid("v1", "/components/schemas/ErrorEnvelope", JSON.parse(received.text), "the error envelope");
    return;
  }
  const { surface, path, method, operation } = located;
  const document = openApiDocuments()[surface];
  const where = `${method.toUpperCase()} ${path} (${operation.operationId as string})`;
  const responses = operation.responses as Json;
  const entry = responses[String(received.status)];
  if (!entry) {
    throw new Error(`${where} answered ${received.status}, which its operation does not document (it documents ${Object.keys(responses).join(", ")}). Body: ${received.text.slice(0, 300)}`);
  }
  const { pointer: responsePointer, value: response } = resolve(document, entry);
  for (const [name, header] of Object.entries((response.headers as Json | undefined) ?? {})) {
    const { value } = resolve(document, header);
    if (value.required && !received.headers.has(name)) throw new Error(`${where} answered ${received.status} without its documented header ${name}.`);
  }
  const content = response.content as Json | undefined;
  if (!content || received.method === "HEAD") {
    if (!content && received.text) throw new Error(`${where} answered ${received.status} with a body its document does not describe.`);
    return;
  }
  const mediaType = (received.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!content[mediaType]) throw new Error(`${where} answered ${received.status} as ${mediaType}; its document says ${Object.keys(content).join(", ")}.`);
  if (mediaType !== "application/json") return;
  const base = responsePointer ?? `/paths/${escape(path)}/${method}/responses/${received.status}`;
  expectValid(surface, `${base}/content/${escape(mediaType)}/schema`, JSON.parse(received.text), `${where} ${received.status}`);
}

function expectValid(surface: Surface, pointer: string, body: unknown, what: string) {
  const validate = validatorAt(surface, pointer);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).slice(0, 8).map((error) => `${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`);
    throw new Error(`The answer of ${what} does not match the OpenAPI document:\n  ${problems.join("\n  ")}\nBody: ${JSON.stringify(body).slice(0, 600)}`);
  }
}
