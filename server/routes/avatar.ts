// GET /avatar/:username: the uploaded avatar, or a generated initials image (SVG); unknown users get a blank one.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { openFile } from '../files.js';
import { userFileHeaders } from '../securityHeaders.js';
import { isWebImageMime } from '../fileType.js';

export const AVATAR_DEFAULT_SIZE = 250;
export const AVATAR_MAX_SIZE = 1024;

/** `?size=`: the reference default when absent or unusable, capped at the maximum. */
export function avatarSize(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n <= 0) return AVATAR_DEFAULT_SIZE;
  return Math.min(n, AVATAR_MAX_SIZE);
}

/** Up to two initials of the display name, whole code points so emoji and accents survive. */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  // Skip leading punctuation ("(Ada)", "@bob") but keep symbols-only words such as emoji.
  const initial = (w: string) => Array.from(w).find((c) => /[\p{L}\p{N}]/u.test(c)) ?? Array.from(w)[0] ?? '';
  return letters.map(initial).join('').toUpperCase();
}

/** A stable colour per username, so a person looks the same everywhere and on every server. */
export function avatarHue(username: string): number {
  let h = 2166136261;
  for (const ch of username.toLowerCase()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h % 360;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A square (the client rounds it) in the user's colour with white initials. */
export function initialsSvg(username: string, displayName: string, size: number): string {
  const text = escapeXml(initialsOf(displayName || username));
  const fontSize = text.length > 1 ? 40 : 50;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="hsl(${avatarHue(username)}, 55%, 42%)"/>` +
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" fill="#ffffff">${text}</text></svg>`
  );
}

export function blankSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"/>`;
}

/** Image headers: the CSP sandbox and nosniff keep any image inert on this origin, also opened directly. */
function imageReply(reply: FastifyReply, mime: string, body: string | Buffer | { stream: Readable; size: number }) {
  userFileHeaders(reply).type(mime).header('cache-control', 'public, max-age=300');
  if (typeof body === 'string' || Buffer.isBuffer(body)) return reply.send(body);
  return reply.header('content-length', body.size).send(body.stream);
}

export default async function avatar(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  app.get('/avatar/:username', async (req, reply) => {
    const { username } = req.params as { username: string };
    const size = avatarSize((req.query as Record<string, unknown>).size);
    const user = await db
      .selectFrom('users')
      .select(['username', 'name', 'avatar_provider', 'avatar_file_id'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    // The client shows an avatar for every name it meets (link shares, deleted users): never a 404.
    if (!user) return imageReply(reply, 'image/svg+xml', blankSvg(size));

    if (user.avatar_provider === 'upload' && user.avatar_file_id) {
      const file = await db.selectFrom('files').select('mime').where('id', '=', user.avatar_file_id).executeTakeFirst();
      // Raster only: an SVG stored before uploads were drawn to PNG could carry script, so it shows as initials.
      const opened = file && isWebImageMime(file.mime) ? await openFile(config, user.avatar_file_id) : null;
      // Served as stored: the client crops and scales before uploading, so `size` is left to the browser.
      if (file && opened) return imageReply(reply, file.mime, opened);
    }
    // gravatar/marble/default would need third-party requests or artwork; everyone else gets initials.
    return imageReply(reply, 'image/svg+xml', initialsSvg(user.username, user.name, size));
  });
}
