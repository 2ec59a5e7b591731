/**
 * Set by the production server's front door on a dashboard page it renders once for every member
 * of a role: the layouts then leave out who is looking, and the page's script asks for it.
 * Whatever a client sends under this name is dropped at the door.
 */
export const SHARED_RENDER_HEADER = "x-dashboard-shared-render";
