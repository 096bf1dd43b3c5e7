import { describe, expect, it } from "vitest";
import { servedContentType } from "./served-content-type.ts";

describe("the type a download is served with", () => {
  it.each([
    "application/pdf",
    "text/plain",
    'text/plain; charset="utf-8"',
    "text/csv",
    "image/png",
    "image/jpeg",
    "image/webp",
    "audio/mpeg",
    "video/mp4",
  ])("%s, passive, as declared", (type) => {
    expect(servedContentType(type)).toBe(type);
  });

  it.each([
    "text/html",
    "text/html; charset=utf-8",
    "application/xhtml+xml",
    "image/svg+xml",
    "Image/SVG+XML",
    "text/xml",
    "application/xml",
    "application/atom+xml",
    "application/vnd.wap.xhtml+xml",
    "text/javascript",
    "application/javascript",
    "application/ecmascript",
    "text/css",
    "multipart/x-mixed-replace",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/x-unknown",
    "not a type",
  ])("%s, active or unknown, as application/octet-stream", (type) => {
    expect(servedContentType(type)).toBe("application/octet-stream");
  });
});
