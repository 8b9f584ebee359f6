import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { checkLocalUpload, LOCAL_UPLOAD_PATH } from "../../../functions/adapters/uploads/local-signer.ts";
import { PHOTO_KEY_PREFIX } from "../../../functions/domain/photos.ts";
import { readBody, sendJson } from "./http-io.ts";

/**
 * The media bucket behind CloudFront's `/media/*`, locally: `POST /media` takes the same
 * multipart form as S3's presigned POST (fields first, the file last as `file`) and stores the file
 * only if the signed policy allows it (functions/adapters/uploads/local-signer.ts), refusing with 400
 * `{message}` otherwise; `GET /media/<key>` serves what was stored.
 */
export const isMediaPath = (path: string) =>
  path === LOCAL_UPLOAD_PATH || path.startsWith(`${LOCAL_UPLOAD_PATH}/`);

/** The form's fields and a 5 MB file fit well under this; a bigger body is refused before parsing. */
const MAX_FORM_BYTES = 6 * 1024 * 1024;
const KEY = new RegExp(`^${PHOTO_KEY_PREFIX}[0-9a-f-]{36}\\.(jpg|png|webp)$`);
const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

export async function handleMedia(mediaDir: string, req: IncomingMessage, res: ServerResponse, path: string) {
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "POST" && path === LOCAL_UPLOAD_PATH) return upload(mediaDir, req, res);
  if (method === "GET" || method === "HEAD") return serve(mediaDir, req, res, path.slice(1));
  sendJson(res, 405, { message: "Method not allowed" });
}

async function upload(mediaDir: string, req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req, MAX_FORM_BYTES);
  if (body === null) return sendJson(res, 400, { message: "File is larger than the upload policy allows" });
  let form: FormData;
  try {
    form = await new Request("http://local/media", {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return sendJson(res, 400, { message: "Expected a multipart/form-data upload" });
  }
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = value;
  }
  const check = checkLocalUpload(fields, file, Date.now());
  if (!check.ok) return sendJson(res, 400, { message: check.message });
  if (!KEY.test(check.key) || !file) return sendJson(res, 400, { message: "Invalid upload key" });
  const target = join(mediaDir, check.key);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(await file.arrayBuffer()));
  // S3's default answer to a successful POST.
  res.writeHead(204);
  res.end();
}

async function serve(mediaDir: string, req: IncomingMessage, res: ServerResponse, key: string) {
  if (!KEY.test(key)) return sendJson(res, 404, { message: "Not found" });
  let data: Buffer;
  try {
    data = await readFile(join(mediaDir, key));
  } catch {
    return sendJson(res, 404, { message: "Not found" });
  }
  const extension = key.slice(key.lastIndexOf(".") + 1);
  res.writeHead(200, {
    "content-type": TYPES[extension] ?? "application/octet-stream",
    "content-length": String(data.length),
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=31536000, immutable",
  });
  res.end(req.method === "HEAD" ? undefined : data);
}
