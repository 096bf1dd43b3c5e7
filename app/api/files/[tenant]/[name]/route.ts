import { downloadFile, headFile, uploadFile } from "@/lib/adapters/files/file-route.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

// The local attachment store's signed upload (PUT) and download (GET) URLs.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: (req, ctx) => downloadFile(req, ctx), PUT: uploadFile });
export const HEAD = headFile;
