import { z } from "zod";
import { changedPageQuery } from "@/lib/platform/core/pagination";
import { idSchema, plainTextProblem, safeText } from "@/lib/platform/core/schemas";

// The inputs of a monitor, for the dashboard's form and /api/v1 alike.

/** The intervals a monitor may run at, in seconds: 30 s, then 1, 5, 10, 30 and 60 minutes. */
export const MONITOR_INTERVALS = [30, 60, 300, 600, 1800, 3600] as const;
export const MONITOR_KINDS = ["http", "tcp", "heartbeat"] as const;
export const HTTP_METHODS = ["GET", "HEAD", "POST"] as const;
export const MAX_TIMEOUT_MS = 30_000;
const MAX_HEADERS = 20;

const interval = z
  .number({ message: "intervalSeconds must be a number of seconds." })
  .int()
  .refine((value) => (MONITOR_INTERVALS as readonly number[]).includes(value), { message: `intervalSeconds must be one of: ${MONITOR_INTERVALS.join(", ")}.` });

// Header names are tokens; values are one line of plain text (a CR or LF would start a header of its own).
const headers = z
  .record(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "A header name is letters, digits and - only."),
    z.string().max(2_000, "A header value is at most 2,000 characters.").superRefine((value, ctx) => {
      const problem = plainTextProblem(value, "A header value");
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  )
  .refine((value) => Object.keys(value).length <= MAX_HEADERS, { message: `At most ${MAX_HEADERS} headers.` });

const url = z.string().trim().max(2_000, "The URL is at most 2,000 characters.");

const common = {
  name: safeText({ min: 1, max: 100, label: "Name" }),
  intervalSeconds: interval.default(60),
  failuresToDown: z.number().int().min(1, "failuresToDown is at least 1.").max(10, "failuresToDown is at most 10.").default(2),
  successesToUp: z.number().int().min(1, "successesToUp is at least 1.").max(10, "successesToUp is at most 10.").default(1),
  placesToDown: z.number().int().min(1).max(10).default(1),
  incidentMode: z.enum(["draft", "publish"], { message: "incidentMode must be draft or publish." }).default("draft"),
  paused: z.boolean().default(false),
};

const timeoutMs = z.number().int().min(1_000, "timeoutMs is at least 1,000.").max(MAX_TIMEOUT_MS, `timeoutMs is at most ${MAX_TIMEOUT_MS.toLocaleString("en")}.`).default(10_000);

export const httpMonitorBody = z.strictObject({
  kind: z.literal("http"),
  componentId: idSchema,
  ...common,
  url,
  method: z.enum(HTTP_METHODS, { message: `method must be one of: ${HTTP_METHODS.join(", ")}.` }).default("GET"),
  headers: headers.default({}),
  expectedStatus: z.array(z.number().int().min(100).max(599, "A status code is between 100 and 599.")).max(20).default([]),
  keyword: safeText({ max: 500, label: "Keyword" }).optional().nullable(),
  timeoutMs,
  degradedAboveMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional().nullable(),
});

export const tcpMonitorBody = z.strictObject({
  kind: z.literal("tcp"),
  componentId: idSchema,
  ...common,
  host: safeText({ min: 1, max: 253, label: "Host" }),
  port: z.number({ message: "port must be a number." }).int("port must be a whole number.").min(1, "port must be between 1 and 65535.").max(65_535, "port must be between 1 and 65535."),
  timeoutMs,
  degradedAboveMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional().nullable(),
});

export const heartbeatMonitorBody = z.strictObject({
  kind: z.literal("heartbeat"),
  componentId: idSchema,
  ...common,
});

export const createMonitorBody = z
  .discriminatedUnion("kind", [httpMonitorBody, tcpMonitorBody, heartbeatMonitorBody], { message: "kind must be one of: http, tcp, heartbeat." })
  .meta({ example: { kind: "http", componentId: "cm4x9k2p80003qz8lc0mp0001", name: "API", url: "https://api.example.com/health", intervalSeconds: 60 } });

/** A change: any field but the kind and the component. */
export const updateMonitorBody = z
  .strictObject({
    name: common.name.optional(),
    intervalSeconds: interval.optional(),
    failuresToDown: z.number().int().min(1).max(10).optional(),
    successesToUp: z.number().int().min(1).max(10).optional(),
    placesToDown: z.number().int().min(1).max(10).optional(),
    incidentMode: z.enum(["draft", "publish"]).optional(),
    paused: z.boolean().optional(),
    url: url.optional(),
    method: z.enum(HTTP_METHODS).optional(),
    headers: headers.optional(),
    expectedStatus: z.array(z.number().int().min(100).max(599)).max(20).optional(),
    keyword: safeText({ max: 500, label: "Keyword" }).optional().nullable(),
    host: safeText({ min: 1, max: 253, label: "Host" }).optional(),
    port: z.number().int().min(1, "port must be between 1 and 65535.").max(65_535, "port must be between 1 and 65535.").optional(),
    timeoutMs: z.number().int().min(1_000).max(MAX_TIMEOUT_MS).optional(),
    degradedAboveMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional().nullable(),
  })
  .meta({ example: { intervalSeconds: 300, paused: false } });

export const listMonitorsQuery = z.strictObject({ ...changedPageQuery });

/** What a probe agent reports for one check. */
export const probeResultBody = z.strictObject({
  place: z.string().regex(/^[a-z0-9-]{1,40}$/, "place is lowercase letters, digits and - (at most 40)."),
  dueAt: z.iso.datetime({ offset: true, message: "dueAt must be an ISO 8601 time." }).transform((value) => new Date(value)),
  ok: z.boolean(),
  durationMs: z.number().int().min(0).max(600_000).nullable().default(null),
  statusCode: z.number().int().min(100).max(599).nullable().default(null),
  error: safeText({ max: 500, label: "error" }).nullable().default(null),
});

export type CreateMonitorInput = z.input<typeof createMonitorBody>;
export type CreateMonitorBody = z.output<typeof createMonitorBody>;
export type UpdateMonitorInput = z.input<typeof updateMonitorBody>;
export type UpdateMonitorBody = z.output<typeof updateMonitorBody>;
export type ProbeResultInput = z.input<typeof probeResultBody>;
