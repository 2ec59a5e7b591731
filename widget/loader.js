/*! Workspace widget loader 1.0.0 · docs/widget.md */
// Plain browser JavaScript (no modules, no framework), minified to ES2017 by `npm run build` (scripts/build-server.mjs) into
// .server/widget.js and served by the front door (lib/surfaces/front-door/
// widget-loader.ts), gzipped and long-cached. The widgets themselves are pages of the app shown in
// iframes; this file only draws the launcher, the unread count and the status banner (each in a
// shadow root, so the host's CSS cannot reach them), opens frames and carries messages.
(function (window, document) {
  "use strict";
  var VERSION = "1.0.0"; // and in the first line
  var NS = "workspace-widget";
  var previous = window.Workspace;
  // The snippet twice, or this file twice: the first copy keeps running, the second does nothing.
  if (previous && previous.loaded) return;

  var script = document.currentScript || document.querySelector('script[src*="/widget.js"]');
  var APP = new URL(script ? script.src : "/", window.location.href).origin;
  var SLUG = /^[a-z0-9-]{1,64}$/;
  var LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"];
  var WORDS = {
    en: ["Feedback", "Status page", "What’s new"],
    de: ["Feedback", "Statusseite", "Neuigkeiten"],
    fr: ["Avis", "Page d’état", "Nouveautés"],
    es: ["Sugerencias", "Página de estado", "Novedades"],
    "pt-BR": ["Sugestões", "Página de status", "Novidades"],
    ja: ["フィードバック", "ステータスページ", "新着情報"],
    ar: ["ملاحظات", "صفحة الحالة", "ما الجديد"],
  };

  var s = fresh();
  var listeners = {};

  function fresh() {
    return { boot: null, allowed: null, waiting: [], feedback: null, panel: null, frames: [], changelog: null, banner: null, timers: [], tokenSent: false };
  }

  function warn(message) {
    if (window.console) window.console.warn("[Workspace widget] " + message);
  }

  function emit(name, detail) {
    (listeners[name] || []).slice().forEach(function (fn) {
      try {
        fn(detail);
      } catch (error) {
        warn("a listener for " + name + " threw: " + error);
      }
    });
  }

  function words() {
    return WORDS[(s.boot && s.boot.locale) || "en"] || WORDS.en;
  }

  function rtl() {
    return !!(s.boot && s.boot.locale === "ar");
  }

  // A host element with a shadow root of its own: the host page's styles stop at its edge.
  function shadowHost(id, css) {
    var host = document.createElement("div");
    host.setAttribute("data-workspace-widget", id);
    var root = host.attachShadow({ mode: "open" });
    var style = document.createElement("style");
    style.textContent = ":host{all:initial}*{box-sizing:border-box;font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif}" + css;
    root.appendChild(style);
    return { host: host, root: root };
  }

  function accent() {
    return (s.allowedInfo && s.allowedInfo.accentColor) || "#4f46e5";
  }

  function query(extra) {
    var params = new URLSearchParams();
    if (s.boot.locale) params.set("locale", s.boot.locale);
    if (s.boot.theme) params.set("theme", s.boot.theme);
    Object.keys(extra || {}).forEach(function (key) {
      if (extra[key]) params.set(key, extra[key]);
    });
    var text = params.toString();
    return text ? "?" + text : "";
  }

  function frame(path, title) {
    var iframe = document.createElement("iframe");
    iframe.src = APP + "/embed/" + s.boot.workspace + "/" + path;
    iframe.title = title;
    iframe.setAttribute("allow", "clipboard-write");
    iframe.style.cssText = "border:0;width:100%;height:100%;display:block;background:transparent";
    s.frames.push(iframe);
    return iframe;
  }

  function post(iframe, message) {
    message.ns = NS;
    if (iframe.contentWindow) iframe.contentWindow.postMessage(message, APP);
  }

  // Only our own frames, on the app's origin, are listened to; anything else is ignored.
  function onMessage(event) {
    if (event.origin !== APP) return;
    var iframe = s.frames.filter(function (candidate) {
      return candidate.contentWindow === event.source;
    })[0];
    var data = event.data;
    if (!iframe || !data || typeof data !== "object" || data.ns !== NS || typeof data.type !== "string") return;
    if (data.type === "ready") {
      // The SSO token is single-use: only the first frame that asks for it gets it.
      var token = !s.tokenSent && iframe === (s.panel && s.panel.iframe) ? s.boot.ssoToken : undefined;
      if (token) s.tokenSent = true;
      var metadata = (s.feedback && s.feedback.metadata) || {};
      post(iframe, { type: "init", ssoToken: token, metadata: Object.assign({ pageUrl: window.location.href }, metadata) });
    } else if (data.type === "close") {
      closeAll();
    } else if (data.type === "changelog:viewed") {
      var latest = data.detail && typeof data.detail.latest === "string" ? data.detail.latest : new Date().toISOString();
      markChangelogSeen(latest);
      emit("changelog:viewed", { latest: latest });
    } else if (data.type === "submitted" || data.type === "voted" || data.type === "signed-in") {
      emit(data.type, data.detail || {});
    }
  }

  function onKey(event) {
    if (event.key === "Escape") closeAll();
  }

  function ready(fn) {
    if (!s.boot) return void s.waiting.push(fn);
    s.allowed.then(function (ok) {
      if (ok) fn();
    });
  }

  var commands = {
    boot: function (options) {
      options = options || {};
      if (typeof options.workspace !== "string" || !SLUG.test(options.workspace)) return warn('boot needs { workspace: "your-workspace" }.');
      if (s.boot) commands.destroy(true);
      s.boot = {
        workspace: options.workspace,
        ssoToken: typeof options.ssoToken === "string" ? options.ssoToken : undefined,
        locale: LOCALES.indexOf(options.locale) >= 0 ? options.locale : undefined,
        theme: ["light", "dark", "system"].indexOf(options.theme) >= 0 ? options.theme : undefined,
      };
      window.addEventListener("message", onMessage);
      document.addEventListener("keydown", onKey);
      s.allowed = window
        .fetch(APP + "/api/embed/" + options.workspace + "/config", { credentials: "omit" })
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .then(function (body) {
          s.allowedInfo = body && body.data;
          if (!s.allowedInfo || !s.allowedInfo.allowed) warn("this page's origin (" + window.location.origin + ") is not in the workspace's allowed origins.");
          return !!(s.allowedInfo && s.allowedInfo.allowed);
        })
        .catch(function () {
          warn("this page's origin (" + window.location.origin + ") is not in the workspace's allowed origins, or the app is unreachable.");
          return false;
        });
      var waiting = s.waiting;
      s.waiting = [];
      waiting.forEach(ready);
      s.allowed.then(function (ok) {
        if (ok) emit("ready", { version: VERSION });
      });
    },

    feedback: function (options) {
      options = options || {};
      var metadata = options.metadata && typeof options.metadata === "object" ? options.metadata : undefined;
      ready(function () {
        s.feedback = { board: typeof options.board === "string" ? options.board : undefined, metadata: metadata };
        if (options.button !== "none") launcher();
      });
    },

    open: function () {
      ready(openFeedback);
    },

    close: function () {
      closeAll();
    },

    changelog: function (options) {
      options = options || {};
      ready(function () {
        var anchor = typeof options.anchor === "string" ? document.querySelector(options.anchor) : options.anchor;
        if (!anchor || !anchor.appendChild) return warn("changelog needs { anchor } naming an element on the page.");
        setupChangelog(anchor, options.mode === "dropdown" ? "dropdown" : "popup");
      });
    },

    status: function (options) {
      options = options || {};
      if (options.mode && options.mode !== "banner") return warn('status supports { mode: "banner" }.');
      var every = Math.max(15, Number(options.refreshSeconds) || 60);
      ready(function () {
        refreshBanner();
        s.timers.push(window.setInterval(refreshBanner, every * 1000));
      });
    },

    on: function (name, fn) {
      if (typeof fn === "function") (listeners[name] = listeners[name] || []).push(fn);
    },

    off: function (name, fn) {
      listeners[name] = (listeners[name] || []).filter(function (candidate) {
        return candidate !== fn;
      });
    },

    destroy: function (keepListeners) {
      s.timers.forEach(window.clearInterval);
      [s.launcher, s.panel, s.changelog, s.banner].forEach(function (part) {
        if (part && part.host && part.host.parentNode) part.host.parentNode.removeChild(part.host);
        if (part && part.badge && part.badge.parentNode) part.badge.parentNode.removeChild(part.badge);
        if (part && part.anchor) part.anchor.removeEventListener("click", part.onClick);
      });
      window.removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey);
      s = fresh();
      if (keepListeners !== true) listeners = {};
    },
  };

  function launcher() {
    if (s.launcher) return;
    var side = rtl() ? "left" : "right";
    var part = shadowHost("launcher", "button{position:fixed;bottom:20px;" + side + ":20px;z-index:2147483000;border:0;border-radius:999px;padding:12px 18px;color:#fff;background:" + accent() + ";box-shadow:0 4px 14px rgba(0,0,0,.25);cursor:pointer;font-weight:600}button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = words()[0];
    button.setAttribute("aria-haspopup", "dialog");
    button.addEventListener("click", openFeedback);
    part.root.appendChild(button);
    document.body.appendChild(part.host);
    s.launcher = part;
  }

  function panelCss() {
    var side = rtl() ? "left" : "right";
    return ".p{position:fixed;z-index:2147483001;bottom:20px;" + side + ":20px;width:400px;height:min(640px,calc(100vh - 40px));border-radius:12px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff}@media (max-width:480px){.p{inset:0;width:100%;height:100%;border-radius:0}}.p[hidden]{display:none}";
  }

  // The feedback frame is kept (hidden) once made: it holds the visitor's credential in memory.
  function openFeedback() {
    if (!s.panel) {
      var part = shadowHost("feedback", panelCss());
      var box = document.createElement("div");
      box.className = "p";
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-label", words()[0]);
      part.iframe = frame("feedback" + query({ board: s.feedback && s.feedback.board }), words()[0]);
      box.appendChild(part.iframe);
      part.root.appendChild(box);
      part.box = box;
      document.body.appendChild(part.host);
      s.panel = part;
    }
    s.panel.box.hidden = false;
    emit("open", { widget: "feedback" });
  }

  function closeAll() {
    var was = false;
    if (s.panel && !s.panel.box.hidden) {
      s.panel.box.hidden = true;
      was = true;
    }
    if (s.changelog && s.changelog.popup) {
      s.changelog.popup.host.parentNode.removeChild(s.changelog.popup.host);
      s.frames = s.frames.filter(function (iframe) {
        return iframe !== s.changelog.popup.iframe;
      });
      s.changelog.popup = null;
      was = true;
    }
    if (was) emit("close", {});
  }

  function seenKey() {
    return "workspace-widget:" + s.boot.workspace + ":changelog-seen";
  }

  // The last release note this browser saw is kept in the host page's own storage (first-party,
  // never blocked), so the count works for visitors who are not signed in.
  function lastSeen() {
    try {
      return window.localStorage.getItem(seenKey()) || "";
    } catch {
      return s.seenInMemory || "";
    }
  }

  function markChangelogSeen(latest) {
    s.seenInMemory = latest;
    try {
      window.localStorage.setItem(seenKey(), latest);
    } catch {
      // storage refused: this page view remembers it
    }
    showUnread(0);
  }

  function showUnread(count) {
    var c = s.changelog;
    if (!c) return;
    c.count.textContent = count > 9 ? "9+" : String(count);
    c.count.hidden = count === 0;
    c.badgeRoot.host.setAttribute("data-unread", String(count));
  }

  function setupChangelog(anchor, mode) {
    if (s.changelog) return;
    var part = shadowHost("changelog-badge", "span{display:inline-block;min-width:18px;padding:0 5px;margin-inline-start:6px;border-radius:9px;background:#dc2626;color:#fff;font-size:11px;line-height:18px;text-align:center;font-weight:700}span[hidden]{display:none}");
    var count = document.createElement("span");
    count.hidden = true;
    part.root.appendChild(count);
    anchor.appendChild(part.host);
    var onClick = function (event) {
      event.preventDefault();
      openChangelog();
    };
    anchor.addEventListener("click", onClick);
    s.changelog = { anchor: anchor, mode: mode, badge: part.host, badgeRoot: part.root, count: count, onClick: onClick, popup: null };
    window
      .fetch(APP + "/api/public/" + s.boot.workspace + "/changelog?limit=20", { credentials: "omit" })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        var since = lastSeen();
        var notes = (body && body.data) || [];
        showUnread(
          notes.filter(function (note) {
            return !since || note.publishedAt > since;
          }).length,
        );
      })
      .catch(function () {
        showUnread(0);
      });
  }

  function openChangelog() {
    var c = s.changelog;
    if (!c || c.popup) return closeAll();
    var popup;
    if (c.mode === "dropdown") {
      var rect = c.anchor.getBoundingClientRect();
      var top = Math.round(rect.bottom + 8);
      var left = Math.max(8, Math.min(Math.round(rect.left), window.innerWidth - 388));
      popup = shadowHost("changelog", ".p{position:fixed;z-index:2147483001;top:" + top + "px;left:" + left + "px;width:380px;height:480px;max-width:calc(100vw - 16px);border-radius:10px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff}");
    } else {
      popup = shadowHost("changelog", ".b{position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.45)}.p{position:fixed;z-index:2147483001;top:50%;left:50%;transform:translate(-50%,-50%);width:min(560px,calc(100vw - 24px));height:min(680px,calc(100vh - 24px));border-radius:12px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff}");
      var backdrop = document.createElement("div");
      backdrop.className = "b";
      backdrop.addEventListener("click", closeAll);
      popup.root.appendChild(backdrop);
    }
    var box = document.createElement("div");
    box.className = "p";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", words()[2]);
    popup.iframe = frame("changelog" + query(), words()[2]);
    box.appendChild(popup.iframe);
    popup.root.appendChild(box);
    document.body.appendChild(popup.host);
    c.popup = popup;
    emit("open", { widget: "changelog" });
  }

  function refreshBanner() {
    if (!s.boot) return;
    var workspace = s.boot.workspace;
    window
      .fetch(APP + "/api/public/" + workspace + "/status/banner.json", { credentials: "omit" })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        if (!s.boot || s.boot.workspace !== workspace) return;
        renderBanner(body && body.data);
      })
      .catch(function () {
        // the banner keeps what it showed; the next refresh tries again
      });
  }

  var BANNER_COLORS = { degraded: "#9a6700", partial_outage: "#bc4c00", major_outage: "#cf222e", maintenance: "#0969da" };

  function renderBanner(banner) {
    if (!banner || !banner.active) {
      if (s.banner) {
        s.banner.host.parentNode.removeChild(s.banner.host);
        s.banner = null;
        emit("status", { active: false });
      }
      return;
    }
    var titles = banner.incidents.concat(banner.maintenances).map(function (item) {
      return item.title;
    });
    if (!s.banner) {
      s.banner = shadowHost("status-banner", "div{display:flex;gap:12px;align-items:center;justify-content:center;flex-wrap:wrap;padding:10px 16px;color:#fff;font-weight:600}a{color:#fff;text-decoration:underline}");
      s.banner.bar = document.createElement("div");
      s.banner.bar.setAttribute("role", "status");
      s.banner.root.appendChild(s.banner.bar);
      document.body.insertBefore(s.banner.host, document.body.firstChild);
    }
    var bar = s.banner.bar;
    bar.style.background = BANNER_COLORS[banner.indicator] || "#9a6700";
    bar.dir = rtl() ? "rtl" : "ltr";
    bar.textContent = "";
    var text = document.createElement("span");
    text.textContent = titles.join(" · ");
    var link = document.createElement("a");
    link.href = APP + "/p/" + s.boot.workspace + "/status";
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = words()[1];
    bar.appendChild(text);
    bar.appendChild(link);
    emit("status", { active: true, indicator: banner.indicator });
  }

  function Workspace(name) {
    var command = commands[name];
    if (!command) return warn('unknown call "' + name + '".');
    return command.apply(null, [].slice.call(arguments, 1));
  }
  Workspace.loaded = true;
  Workspace.version = VERSION;

  var queued = (previous && previous.q) || [];
  window.Workspace = Workspace;
  // Calls made before this file arrived, in the order they were made.
  for (var i = 0; i < queued.length; i++) Workspace.apply(null, queued[i]);
})(window, document);
