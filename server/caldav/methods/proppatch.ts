// PROPPATCH: answered, property by property, as refused.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { xmlBody, sendMultistatus } from '../davRequest.js';
import { NS, child, element } from '../xml.js';
import { href } from '../props.js';

/** PROPPATCH: nothing is writable over CalDAV (titles and colours are edited in Keyflow), so each property is refused. */
export function proppatch(req: FastifyRequest, reply: FastifyReply) {
  const body = xmlBody(req);
  const names = body ? body.children.flatMap((op) => child(op, NS.dav, 'prop')?.children ?? []) : [];
  const props = names.map((n) => element(n.ns, n.name)).join('');
  const url = req.url.split('?')[0];
  return sendMultistatus(reply, [`<d:response>${href(url)}<d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 403 Forbidden</d:status></d:propstat></d:response>`]);
}
