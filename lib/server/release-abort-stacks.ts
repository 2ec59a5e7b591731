// Every React server render, once complete, aborts its cache signal with a fresh Error ("This render
// completed successfully…"). V8 keeps an Error's stack unformatted until someone reads `.stack`, and
// the unformatted frames hold their receivers: here the Immediate that ran the render's last step.
// Node leaves a finished Immediate linked to the next one of its batch, which under concurrent load
// belongs to another request and carries that request's async context (its React request, its
// abort Error, its Immediate…). Rooted once (a lazily loaded module's promise keeps the context of
// the request that first loaded it), the chain grew by every rendered request: 1,273 requests, all
// of them with their bodies and URLs, were still alive after 1,300 portal page views, and unique
// long request lines made the server's memory grow without bound.
//
// Reading `.stack` formats it into a string and drops the frames, which breaks the chain. Done for
// every abort reason that is an Error: one formatted stack per render, tens of microseconds.
const PATCHED = Symbol.for("workspace-platform.releaseAbortStacks");

export function releaseAbortStacks(): void {
  const proto = AbortController.prototype as AbortController & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const abort = proto.abort;
  proto.abort = function (this: AbortController, reason?: unknown) {
    abort.call(this, reason);
    const actual: unknown = this.signal.reason;
    if (actual instanceof Error) void actual.stack;
  };
  proto[PATCHED] = true;
}
