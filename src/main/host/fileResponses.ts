// Web `Response`s for the renderer's files and the project's audio, shared by the browser host (Hono)
// and Electron's `app://` protocol handler, so both transports serve bytes the same way.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
};

/** The MIME type for a file name. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function stream(file: string, start: number, end: number): ReadableStream {
  return Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream;
}

/**
 * A file as a response, honouring a single `Range: bytes=a-b` request (audio seeking needs it).
 * `extraHeaders` carries the security headers of the transport.
 */
export function fileResponse(
  file: string,
  rangeHeader: string | null,
  extraHeaders: Record<string, string> = {},
): Response {
  let size: number;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return new Response('Not found', { status: 404, headers: extraHeaders });
    size = st.size;
  } catch {
    return new Response('Not found', { status: 404, headers: extraHeaders });
  }
  return rangedResponse(file, size, (start, end) => stream(file, start, end), rangeHeader, extraHeaders);
}

/**
 * An already opened and checked file as a response (see `fileResponse`); the response's stream closes
 * `fd`, or it is closed at once when no bytes are sent (an empty range, or the headers alone for `HEAD`).
 */
export function openFileResponse(
  opened: { fd: number; size: number; file: string },
  rangeHeader: string | null,
  extraHeaders: Record<string, string> = {},
  headersOnly = false,
): Response {
  let streamed = false;
  const response = rangedResponse(
    opened.file,
    opened.size,
    (start, end) => {
      if (headersOnly) return null;
      streamed = true;
      return Readable.toWeb(
        fs.createReadStream('', { fd: opened.fd, start, end, autoClose: true }),
      ) as ReadableStream;
    },
    rangeHeader,
    extraHeaders,
  );
  if (!streamed) fs.closeSync(opened.fd);
  return response;
}

function rangedResponse(
  file: string,
  size: number,
  body: (start: number, end: number) => ReadableStream | null,
  rangeHeader: string | null,
  extraHeaders: Record<string, string>,
): Response {
  const headers: Record<string, string> = {
    ...extraHeaders,
    'Content-Type': contentType(file),
    'Accept-Ranges': 'bytes',
  };
  const m = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim()) : null;
  if (m && (m[1] || m[2])) {
    let start: number;
    let end: number;
    if (m[1]) {
      start = Number(m[1]);
      end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    } else {
      start = Math.max(0, size - Number(m[2])); // suffix range: the last N bytes
      end = size - 1;
    }
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    }
    return new Response(body(start, end), {
      status: 206,
      headers: {
        ...headers,
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': String(end - start + 1),
      },
    });
  }
  if (size === 0) return new Response(null, { status: 200, headers: { ...headers, 'Content-Length': '0' } });
  return new Response(body(0, size - 1), {
    status: 200,
    headers: { ...headers, 'Content-Length': String(size) },
  });
}

/**
 * A file of the built renderer for a URL path; paths that escape the folder are refused and
 * unknown paths fall back to index.html (the UI has a single page).
 */
export function rendererFileResponse(
  rendererDir: string,
  urlPath: string,
  extraHeaders: Record<string, string> = {},
): Response {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return new Response('Bad request', { status: 400, headers: extraHeaders });
  }
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
  if (file !== root && !file.startsWith(root + path.sep))
    return new Response('Forbidden', { status: 403, headers: extraHeaders });
  const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(root, 'index.html');
  return fileResponse(target, null, extraHeaders);
}
