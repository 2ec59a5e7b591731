// What anyone who is not an operator hears from an operator surface: the same as for a page that
// does not exist, so the answer does not tell them there is something to find.
export const OPERATOR_ONLY = "This page could not be found.";
