// Types of the CRM widget SDK v1 (v1.js), for widget developers: reference this file or copy it.

export interface CrmWidgetContext {
  /** The record the page shows; null on the dashboard. */
  readonly recordId: string | null;
  /** Its object's apiName; null on the dashboard. */
  readonly objectApiName: string | null;
  /** The user's locale (BCP 47), e.g. "en-US". */
  readonly locale: string;
  readonly theme: "light" | "dark";
  /** The install (the tenant's grant of your app) the widget is shown under. */
  readonly installId: string;
}

export interface CrmWidget {
  /** Called with each context the CRM sends, and at once with the last one if it came already. Returns an unsubscribe function. */
  onContext(listener: (context: CrmWidgetContext) => void): () => void;
  /** Asks the CRM to send the context again (connect() does it once). */
  ready(): void;
  /** Sets the frame's height in CSS pixels; the CRM clamps it to at most 2000. */
  resize(height: number): void;
  /** The last context received, or null. */
  readonly context: CrmWidgetContext | null;
}

export interface CrmWidgetOptions {
  /** The CRM's exact origin (scheme, host, port): the only origin whose messages are accepted and the only one posted to. */
  crmOrigin: string;
  /** Report the document's height whenever it changes (ResizeObserver); default true. */
  autoResize?: boolean;
}

declare global {
  interface Window {
    CrmWidget: { readonly version: 1; connect(options: CrmWidgetOptions): CrmWidget };
  }
  const CrmWidget: Window["CrmWidget"];
}
