// Every event a workspace records, in one table: its name and what its `data` holds. An event is
// written by the domain function that makes the change, in the same transaction
// (lib/platform/events/record-event.ts); `data` is the resource as the REST API returns it, and
// `previous`, where given, is the same resource (or the changed part) before the change.

export const EVENT_CATALOGUE = {
  "board.created": "A board was created. data: the board.",
  "board.updated": "A board's name, slug, description or visibility changed, or it was archived or opened again. data: the board (without its post count); previous: the changed fields before.",
  "board.deleted": "A board was deleted with its posts. data: { id, name, deletedPosts }.",
  "tag.renamed": "A tag was renamed on every post that carried it (each such post's version and updatedAt moved). data: { name, postCount } with the new name; previous: { name }.",
  "tag.deleted": "A tag was taken off every post that carried it; the posts stay. data: { name, postCount } (the posts it was taken off).",
  "post.created": "A post was created, by a member or by a visitor on the portal. data: the post.",
  "post.updated": "A post's title, body or tags changed, or it was linked to (or unlinked from) a roadmap item. data: the post; previous: the post before (for a link, { roadmapItemId } before).",
  "post.status_changed": "A post's status changed. data: the post; previous: { status } before.",
  "post.merged": "A post was merged into another. data: the merged post; previous: the post before.",
  "post.deleted": "A post was deleted. data: the post as it was.",
  "comment.created": "A comment was added to a post. data: the comment.",
  "comment.hidden": "A moderator hid a comment from the portal, or showed it again (hiddenAt null). data: { id, postId, hiddenAt }.",
  "comment.deleted": "A comment was deleted. data: the comment as it was.",
  "vote.created": "A vote was cast on a post. data: { postId, voteCount }.",
  "vote.deleted": "A vote was withdrawn. data: { postId, voteCount }.",
  "roadmap_item.created": "A roadmap item was created. data: the item.",
  "roadmap_item.updated": "A roadmap item changed. data: the item; previous: the item before.",
  "roadmap_item.deleted": "A roadmap item was deleted. data: the item as it was.",
  "release_note.published": "A release note was published (at its publication time, if scheduled). data: the note.",
  "release_note.updated": "A release note's title, body or shipped posts changed, or it was scheduled, moved to another time or unpublished to a draft (going live is release_note.published). data: the note; previous: the changed fields before.",
  "incident.created": "An incident was opened. data: the incident.",
  "incident.updated": "An incident received an update. data: the incident.",
  "incident.resolved": "An incident was resolved. data: the incident.",
  "maintenance.scheduled": "A maintenance window was scheduled. data: the maintenance.",
  "maintenance.started": "A maintenance window began (recorded at its start time). data: the maintenance.",
  "maintenance.completed": "A maintenance window ended (at its end time, or ended early). data: the maintenance.",
  "maintenance.cancelled": "A maintenance window was called off before it began. data: the maintenance as it was.",
  "status_component.created": "A status component was added. data: the component.",
  "status_component.updated": "A status component was renamed or re-described. data: the component; previous: the component before.",
  "status_component.deleted": "A status component was deleted. data: the component as it was.",
  "status_component.reordered": "The status page's components were put in a new order. data: { ids } in that order.",
  "status_component.status_changed": "A status component's status changed. data: the component; previous: { status } before.",
  "monitor.down": "A monitor's checks failed enough times in a row to call its component down. data: { monitor, reason, outageId }.",
  "monitor.up": "A monitor's checks pass again (after down or degraded). data: { monitor, reason: null, outageId }.",
  "monitor.degraded": "A monitor's checks pass but slowly, or its target flaps between up and down. data: { monitor, reason, outageId: null }.",
  "certificate.expiring": "An HTTPS monitor's certificate expires within 14 days (told again at 3). data: { monitor, expiresAt, daysLeft }.",
  "member.added": "Someone joined the workspace. data: the member.",
  "member.role_changed": "A member's role changed. data: the member; previous: { role } before.",
  "invitation.created": "Someone was invited to the workspace. data: { id, email, role }.",
  "invitation.revoked": "A pending invitation was withdrawn. data: { id, email, role }.",
  "member.removed": "A member left or was removed. data: the member as they were.",
  "todo.created": "A todo was added. data: the todo.",
  "todo.completed": "A todo was checked off. data: the todo.",
  "import.completed": "An import finished; its rows were written without an event each. data: the import (source, counts created and skipped).",
} as const;

export type EventType = keyof typeof EVENT_CATALOGUE;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_CATALOGUE, value);
}
