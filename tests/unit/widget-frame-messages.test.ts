import { describe, expect, it, vi } from "vitest";
import { acceptHostMessage, acceptPopupMessage, arrangeMetadata, hostOriginOf, postToHost, WIDGET_NS } from "@/components/widget/frame-messages";

const ALLOWED = ["https://app.customer.test"];
const parent = { postMessage: vi.fn() };
const popup = {};

describe("the frame finds the page it sits in", () => {
  it("from the browser's ancestor origins, else the referrer; only an allowed origin counts", () => {
    expect(hostOriginOf({ isFramed: true, ancestorOrigins: ["https://app.customer.test"], referrer: "" }, ALLOWED)).toBe("https://app.customer.test");
    expect(hostOriginOf({ isFramed: true, ancestorOrigins: null, referrer: "https://app.customer.test/" }, ALLOWED)).toBe("https://app.customer.test");
    expect(hostOriginOf({ isFramed: true, ancestorOrigins: ["https://evil.test"], referrer: "https://app.customer.test/" }, ALLOWED)).toBeNull();
    expect(hostOriginOf({ isFramed: true, ancestorOrigins: [], referrer: "not a url" }, ALLOWED)).toBeNull();
    expect(hostOriginOf({ isFramed: false, ancestorOrigins: ["https://app.customer.test"], referrer: "" }, ALLOWED)).toBeNull();
  });
});

describe("messages from the host page", () => {
  const expected = { parent, hostOrigin: "https://app.customer.test" };
  const init = { ns: WIDGET_NS, type: "init", ssoToken: "a.b.c", metadata: { plan: "pro" } };

  it("an init from the parent window on the host's origin is taken", () => {
    expect(acceptHostMessage({ origin: "https://app.customer.test", source: parent, data: init }, expected)).toEqual({ ssoToken: "a.b.c", metadata: { plan: "pro" } });
  });

  it("is ignored from another origin, another window, outside our envelope, or before the host is known", () => {
    expect(acceptHostMessage({ origin: "https://evil.test", source: parent, data: init }, expected)).toBeNull();
    expect(acceptHostMessage({ origin: "https://app.customer.test", source: {}, data: init }, expected)).toBeNull();
    expect(acceptHostMessage({ origin: "https://app.customer.test", source: parent, data: { ...init, ns: "other" } }, expected)).toBeNull();
    expect(acceptHostMessage({ origin: "https://app.customer.test", source: parent, data: "init" }, expected)).toBeNull();
    expect(acceptHostMessage({ origin: "https://app.customer.test", source: parent, data: { ...init, type: "credential" } }, expected)).toBeNull();
    expect(acceptHostMessage({ origin: "https://app.customer.test", source: parent, data: init }, { parent, hostOrigin: null })).toBeNull();
  });

  it("a token that is not text or absurdly long is dropped; metadata that is not an object becomes none", () => {
    expect(acceptHostMessage({ origin: expected.hostOrigin, source: parent, data: { ...init, ssoToken: 42, metadata: [1] } }, expected)).toEqual({ ssoToken: undefined, metadata: {} });
    expect(acceptHostMessage({ origin: expected.hostOrigin, source: parent, data: { ...init, ssoToken: "x".repeat(9_000) } }, expected)?.ssoToken).toBeUndefined();
  });
});

describe("the sign-in popup's credential", () => {
  const message = { ns: WIDGET_NS, type: "credential", token: "t", expiresAt: "2030-01-01T00:00:00.000Z", name: "Vic" };
  it("is taken only from the popup this frame opened, on this frame's own origin", () => {
    const expected = { popup, ownOrigin: "http://localhost:3000" };
    expect(acceptPopupMessage({ origin: "http://localhost:3000", source: popup, data: message }, expected)).toEqual({ token: "t", expiresAt: "2030-01-01T00:00:00.000Z", name: "Vic" });
    expect(acceptPopupMessage({ origin: "https://app.customer.test", source: popup, data: message }, expected)).toBeNull();
    expect(acceptPopupMessage({ origin: "http://localhost:3000", source: parent, data: message }, expected)).toBeNull();
    expect(acceptPopupMessage({ origin: "http://localhost:3000", source: popup, data: { ...message, token: 1 } }, expected)).toBeNull();
    expect(acceptPopupMessage({ origin: "http://localhost:3000", source: popup, data: message }, { popup: null, ownOrigin: "http://localhost:3000" })).toBeNull();
  });
});

describe("what the frame sends and keeps", () => {
  it("posts only to the checked host origin, never to '*', and nothing when there is none", () => {
    const target = { postMessage: vi.fn() };
    postToHost(target, "https://app.customer.test", "submitted", { id: "p1" });
    expect(target.postMessage).toHaveBeenCalledWith({ ns: WIDGET_NS, type: "submitted", detail: { id: "p1" } }, "https://app.customer.test");
    postToHost(target, null, "submitted");
    expect(target.postMessage).toHaveBeenCalledTimes(1);
  });

  it("arranges the host's metadata: the three known fields, other scalar values under extra", () => {
    expect(arrangeMetadata({ pageUrl: "https://app.customer.test/x", appVersion: "1.2", plan: "pro", team: "blue", seats: 4, nested: { a: 1 }, empty: undefined })).toEqual({
      pageUrl: "https://app.customer.test/x",
      appVersion: "1.2",
      plan: "pro",
      extra: { team: "blue", seats: 4 },
    });
    expect(arrangeMetadata({ plan: 3 })).toEqual({});
  });
});
