"use client";
import { useEffect, useRef, useState } from "react";
import { clampHeight, contextMessage, widgetMessageSchema, type WidgetContext } from "@/lib/widgets/messages.ts";

interface WidgetFrameProps {
  title: string;
  appName: string;
  embedUrl: string;
  /** The only origin the frame is talked to and listened to (the embed URL's). */
  embedOrigin: string;
  context: Omit<WidgetContext, "locale" | "theme">;
}

const INITIAL_HEIGHT = 200;

/**
 * Powerful features a cross-origin frame could be delegated: none of them. The attribute lists
 * each with an empty allowlist, so a future browser default cannot hand one over.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "camera",
  "clipboard-read",
  "clipboard-write",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature} 'none'`)
  .join("; ");

/**
 * The widget host (spec 6.5, DESIGN.md): a sandboxed cross-origin iframe. Allowing same-origin is
 * safe only because the frame's origin is foreign (declarations refuse the CRM's own); without it
 * the frame's origin would be opaque and the exact-origin checks below impossible. The host posts
 * only to the embed origin, and accepts a message only when it comes from that origin AND from this
 * frame's window AND parses as a known message of version 1; everything else is ignored and counted
 * (data-ignored-messages) for whoever debugs a widget.
 */
export function WidgetFrame({ title, appName, embedUrl, embedOrigin, context }: WidgetFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  // Counted outside React state: a frame that floods the page with messages causes no re-render.
  const ignored = useRef(0);
  const { recordId, objectApiName, installId } = context;

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const sendContext = () => {
      const payload: WidgetContext = { recordId, objectApiName, installId, locale: navigator.language || "en", theme: "light" };
      // Never "*": if the frame navigated elsewhere, the browser drops the message.
      iframe.contentWindow?.postMessage(contextMessage(payload), embedOrigin);
    };
    const ignore = () => {
      ignored.current += 1;
      iframe.dataset.ignoredMessages = String(ignored.current);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== embedOrigin || event.source !== iframe.contentWindow) return ignore();
      const parsed = widgetMessageSchema.safeParse(event.data);
      if (!parsed.success) return ignore();
      if (parsed.data.type === "service:widget:ready") sendContext();
      else setHeight(clampHeight(parsed.data.payload.height));
    };
    window.addEventListener("message", onMessage);
    iframe.addEventListener("load", sendContext);
    // Loaded only now, with both listeners in place: a widget that says ready at once is heard.
    iframe.src = embedUrl;
    return () => {
      window.removeEventListener("message", onMessage);
      iframe.removeEventListener("load", sendContext);
    };
  }, [embedUrl, embedOrigin, recordId, objectApiName, installId]);

  return (
    <section className="panel widget" aria-label={`Widget: ${title}`}>
      <h2>
        {title} <span className="hint">by {appName}</span>
      </h2>
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-forms"
        referrerPolicy="no-referrer"
        allow={DENIED_FEATURES}
        loading="lazy"
        height={height}
        data-ignored-messages="0"
        data-embed-origin={embedOrigin}
        style={{ width: "100%", border: 0, display: "block" }}
      />
    </section>
  );
}
