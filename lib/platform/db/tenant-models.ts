// The models every row of which belongs to one workspace (a `workspaceId` column): the scoped
// accessor (scoped.ts) offers exactly these, fenced to one workspace.

export const TENANT_MODELS = [
  "membership",
  "invitation",
  "apiKey",
  "board",
  "post",
  "vote",
  "comment",
  "roadmapItem",
  "releaseNote",
  "statusComponent",
  "incident",
  "incidentUpdate",
  "incidentComponent",
  "todoList",
  "todoItem",
  "componentStatusChange",
  "maintenance",
  "maintenanceComponent",
  "releaseNotePost",
  "event",
  "webhookEndpoint",
  "webhookDelivery",
  "notificationDelivery",
  "postStatusChange",
  "postNotificationPreference",
  "subscriber",
  "monitor",
  "monitorOutage",
] as const;
export type TenantModel = (typeof TENANT_MODELS)[number];
