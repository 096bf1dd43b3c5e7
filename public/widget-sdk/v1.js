// CRM widget SDK, protocol version 1 (spec 6.5). No dependencies; types in v1.d.ts.
//   <script src="https://YOUR-CRM/widget-sdk/v1.js"></script>
//   const widget = CrmWidget.connect({ crmOrigin: "https://YOUR-CRM" });
//   widget.onContext((context) => render(context.recordId));
// The widget trusts exactly one origin, the CRM's, and only messages from the window that embeds it.
(function (global) {
  "use strict";
  var VERSION = 1;

  /** @param {unknown} value */
  function isContext(value) {
    if (!value || typeof value !== "object") return false;
    var p = /** @type {Record<string, unknown>} */ (value);
    var idOrNull = function (v) {
      return v === null || typeof v === "string";
    };
    return (
      idOrNull(p.recordId) &&
      idOrNull(p.objectApiName) &&
      typeof p.locale === "string" &&
      (p.theme === "light" || p.theme === "dark") &&
      typeof p.installId === "string"
    );
  }

  /** @param {{ crmOrigin: string, autoResize?: boolean }} options */
  function connect(options) {
    var crmOrigin = options && options.crmOrigin;
    var parsed = null;
    try {
      parsed = typeof crmOrigin === "string" ? new URL(crmOrigin).origin : null;
    } catch {
      parsed = null;
    }
    if (parsed === null || parsed !== crmOrigin) {
      throw new Error("CrmWidget.connect: crmOrigin must be the CRM's exact origin, such as https://crm.example.com");
    }
    if (global.parent === global) throw new Error("CrmWidget.connect: the widget is not embedded in a page");
    var listeners = [];
    var context = null;

    function post(type, payload) {
      var message = { type: type, version: VERSION };
      if (payload !== undefined) message.payload = payload;
      // Never "*": only the CRM may read what the widget says.
      global.parent.postMessage(message, crmOrigin);
    }

    global.addEventListener("message", function (event) {
      if (event.origin !== crmOrigin || event.source !== global.parent) return;
      var data = event.data;
      if (!data || data.type !== "service:widget:context" || data.version !== VERSION || !isContext(data.payload)) return;
      context = Object.freeze({
        recordId: data.payload.recordId,
        objectApiName: data.payload.objectApiName,
        locale: data.payload.locale,
        theme: data.payload.theme,
        installId: data.payload.installId,
      });
      listeners.slice().forEach(function (listener) {
        // One failing listener must not keep the context from the others.
        try {
          listener(context);
        } catch (err) {
          setTimeout(function () {
            throw err;
          });
        }
      });
    });

    var lastHeight = -1;
    function resize(height) {
      if (typeof height !== "number" || !isFinite(height) || height < 0)
        throw new Error("CrmWidget.resize: height must be a non-negative number");
      var rounded = Math.ceil(height);
      if (rounded === lastHeight) return;
      lastHeight = rounded;
      post("service:widget:resize", { height: rounded });
    }

    if (options.autoResize !== false && typeof ResizeObserver === "function") {
      // The content's height, not the frame's: scrollHeight would never report less than the frame.
      var measure = function () {
        resize(document.documentElement.getBoundingClientRect().height);
      };
      var observe = function () {
        var observer = new ResizeObserver(measure);
        observer.observe(document.documentElement);
        if (document.body) observer.observe(document.body);
        measure();
      };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", observe);
      else observe();
    }

    var widget = {
      /** Calls back with each context the CRM sends (and at once with the last one, if any); returns an unsubscribe function. */
      onContext: function (listener) {
        listeners.push(listener);
        if (context) listener(context);
        return function () {
          listeners = listeners.filter(function (l) {
            return l !== listener;
          });
        };
      },
      /** Asks the CRM for the context again. */
      ready: function () {
        post("service:widget:ready");
      },
      /** Sets the frame's height in CSS pixels; the CRM caps it (at 2000). */
      resize: resize,
      get context() {
        return context;
      },
    };
    widget.ready();
    return widget;
  }

  global.CrmWidget = Object.freeze({ version: VERSION, connect: connect });
})(window);
