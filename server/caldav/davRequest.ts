// What every CalDAV method needs from its request and for its answer: the body, Depth, preconditions, errors.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseXml, multistatus, XmlError, type XmlElement } from './xml.js';

/** An answer other than success: a status, a text, and optionally a WebDAV error body (RFC 4918 §16). */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: string,
  ) {
    super(message);
  }
}

export function bodyText(req: FastifyRequest): string {
  const b = req.body;
  if (typeof b === 'string') return b;
  if (Buffer.isBuffer(b)) return b.toString('utf8');
  return '';
}

export function xmlBody(req: FastifyRequest): XmlElement | undefined {
  const text = bodyText(req).trim();
  if (!text) return undefined;
  try {
    return parseXml(text);
  } catch (err) {
    if (err instanceof XmlError) throw new DavError(400, `Malformed XML: ${err.message}`);
    throw err;
  }
}

export function depthOf(req: FastifyRequest, fallback: '0' | '1'): '0' | '1' {
  const d = String(req.headers.depth ?? '').trim().toLowerCase();
  if (d === '0') return '0';
  // "infinity" is treated as 1: the tree below a calendar is one level deep anyway.
  if (d === '1' || d === 'infinity') return '1';
  return fallback;
}

export function sendMultistatus(reply: FastifyReply, responses: string[]) {
  return reply.code(207).type('application/xml; charset=utf-8').send(multistatus(responses));
}

/** If-Match / If-None-Match against the current ETag (null when the resource does not exist). */
export function checkPreconditions(req: FastifyRequest, etag: string | null): void {
  const ifMatch = req.headers['if-match'];
  const ifNoneMatch = req.headers['if-none-match'];
  const list = (h: string) => h.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (typeof ifMatch === 'string' && ifMatch.trim()) {
    const tags = list(ifMatch);
    if (etag === null || !(tags.includes('*') || tags.includes(etag))) throw new DavError(412, 'Precondition Failed');
  }
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.trim() && etag !== null) {
    const tags = list(ifNoneMatch);
    if (tags.includes('*') || tags.includes(etag)) throw new DavError(412, 'Precondition Failed');
  }
}
