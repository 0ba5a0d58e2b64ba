// A small namespace-aware XML reader for the WebDAV request bodies CalDAV clients send, and helpers to write responses.

/** An element with its namespace resolved: `ns` is the namespace URI, `name` the local name. */
export interface XmlElement {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's Char production: a reference to anything else (beyond Unicode, a surrogate, NUL) is not well-formed. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

function charRef(whole: string, digits: string, radix: number): string {
  const cp = parseInt(digits, radix);
  // String.fromCodePoint throws a RangeError beyond U+10FFFF, which would surface as a 500.
  if (!isXmlChar(cp)) throw new XmlError(`${whole.slice(0, 40)} does not name an XML character`);
  return String.fromCodePoint(cp);
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ent: string) => {
    if (ent.startsWith('#x')) return charRef(whole, ent.slice(2), 16);
    if (ent.startsWith('#')) return charRef(whole, ent.slice(1), 10);
    // Unknown named entities stay as written: request bodies never declare a DTD.
    return ENTITIES[ent] ?? whole;
  });
}

const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;

/**
 * Parses a document into its root element. Comments, processing instructions and doctype declarations are skipped
 * (no entity expansion beyond the five predefined ones, so no billion-laughs); CDATA counts as text.
 */
export function parseXml(input: string): XmlElement {
  let pos = 0;
  const src = input.replace(/^\uFEFF/, '');
  type Open = { el: XmlElement; qname: string; scope: Map<string, string> };
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  const rootScope = new Map<string, string>([['xml', 'http://www.w3.org/XML/1998/namespace']]);

  const fail = (msg: string): never => {
    throw new XmlError(`${msg} at offset ${pos}`);
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(src);
    if (!m) return fail('expected a name');
    pos += m[0].length;
    return m[0];
  };
  const skipSpace = () => {
    while (pos < src.length && /\s/.test(src[pos])) pos++;
  };
  const resolve = (qname: string, scope: Map<string, string>, isAttr: boolean): { ns: string; name: string } => {
    const i = qname.indexOf(':');
    if (i < 0) return { ns: isAttr ? '' : (scope.get('') ?? ''), name: qname };
    const prefix = qname.slice(0, i);
    const ns = scope.get(prefix);
    if (ns === undefined) return fail(`undeclared namespace prefix "${prefix}"`);
    return { ns, name: qname.slice(i + 1) };
  };

  while (pos < src.length) {
    const lt = src.indexOf('<', pos);
    if (lt < 0) {
      if (stack.length) stack[stack.length - 1].el.text += decodeEntities(src.slice(pos));
      else if (src.slice(pos).trim()) fail('text outside the root element');
      break;
    }
    if (lt > pos) {
      const text = src.slice(pos, lt);
      if (stack.length) stack[stack.length - 1].el.text += decodeEntities(text);
      else if (text.trim()) fail('text outside the root element');
    }
    pos = lt;
    if (src.startsWith('<!--', pos)) {
      const end = src.indexOf('-->', pos + 4);
      if (end < 0) fail('unterminated comment');
      pos = end + 3;
    } else if (src.startsWith('<![CDATA[', pos)) {
      const end = src.indexOf(']]>', pos + 9);
      if (end < 0) fail('unterminated CDATA');
      if (!stack.length) fail('CDATA outside the root element');
      stack[stack.length - 1].el.text += src.slice(pos + 9, end);
      pos = end + 3;
    } else if (src.startsWith('<?', pos)) {
      const end = src.indexOf('?>', pos + 2);
      if (end < 0) fail('unterminated processing instruction');
      pos = end + 2;
    } else if (src.startsWith('<!', pos)) {
      // A doctype: skipped, including an internal subset; its entities are never expanded.
      let depth = 0;
      let i = pos + 2;
      for (; i < src.length; i++) {
        if (src[i] === '[') depth++;
        else if (src[i] === ']') depth--;
        else if (src[i] === '>' && depth <= 0) break;
      }
      pos = i + 1;
    } else if (src.startsWith('</', pos)) {
      pos += 2;
      const qname = readName();
      skipSpace();
      if (src[pos] !== '>') fail('expected >');
      pos++;
      const open = stack.pop();
      if (!open || open.qname !== qname) fail(`mismatched closing tag </${qname}>`);
    } else {
      pos++;
      const qname = readName();
      const rawAttrs: [string, string][] = [];
      for (;;) {
        skipSpace();
        if (src.startsWith('/>', pos) || src[pos] === '>') break;
        if (pos >= src.length) fail('unterminated tag');
        const an = readName();
        skipSpace();
        if (src[pos] !== '=') fail('expected =');
        pos++;
        skipSpace();
        const q = src[pos];
        if (q !== '"' && q !== "'") fail('expected a quoted attribute value');
        const end = src.indexOf(q, pos + 1);
        if (end < 0) fail('unterminated attribute value');
        rawAttrs.push([an, decodeEntities(src.slice(pos + 1, end))]);
        pos = end + 1;
      }
      const parentScope = stack.length ? stack[stack.length - 1].scope : rootScope;
      let scope = parentScope;
      for (const [an, av] of rawAttrs) {
        if (an === 'xmlns' || an.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope);
          scope.set(an === 'xmlns' ? '' : an.slice(6), av);
        }
      }
      const attrs: Record<string, string> = {};
      for (const [an, av] of rawAttrs) {
        if (an === 'xmlns' || an.startsWith('xmlns:')) continue;
        attrs[resolve(an, scope, true).name] = av;
      }
      const { ns, name } = resolve(qname, scope, false);
      const el: XmlElement = { ns, name, attrs, children: [], text: '' };
      if (stack.length) stack[stack.length - 1].el.children.push(el);
      else if (root) fail('more than one root element');
      else root = el;
      if (src.startsWith('/>', pos)) {
        pos += 2;
      } else {
        pos++;
        stack.push({ el, qname, scope });
      }
    }
  }
  if (stack.length) fail(`unclosed element <${stack[stack.length - 1].qname}>`);
  if (!root) return fail('empty document');
  return root;
}

/** The first child with this namespace and local name. */
export function child(el: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.ns === ns && c.name === name);
}

export function children(el: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.ns === ns && c.name === name) : [];
}

export function escapeXml(s: string): string {
  // Characters XML 1.0 cannot carry at all are dropped rather than producing an unparseable response.
  return (
    s
      // eslint-disable-next-line no-control-regex -- matching those control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** Prefixes used in every response; unknown namespaces from requests get generated ones. */
const PREFIXES: Record<string, string> = { [NS.dav]: 'd', [NS.caldav]: 'cal', [NS.cs]: 'cs', [NS.apple]: 'ical' };

/** A property name as a qualified name for a response, with an inline declaration for foreign namespaces. */
export function qualified(ns: string, name: string): { open: string; close: string } {
  const prefix = PREFIXES[ns];
  if (prefix) return { open: `${prefix}:${name}`, close: `${prefix}:${name}` };
  if (ns === '') return { open: `${name} xmlns=""`, close: name };
  return { open: `x:${name} xmlns:x="${escapeXml(ns)}"`, close: `x:${name}` };
}

/** `<prefix:name>inner</prefix:name>`, or self-closing when inner is empty. */
export function element(ns: string, name: string, inner = ''): string {
  const q = qualified(ns, name);
  return inner === '' ? `<${q.open}/>` : `<${q.open}>${inner}</${q.close}>`;
}

export function multistatus(responses: string[], extra = ''): string {
  const decl = Object.entries(PREFIXES)
    .map(([ns, p]) => `xmlns:${p}="${ns}"`)
    .join(' ');
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${decl}>${responses.join('')}${extra}</d:multistatus>\n`;
}

/** The XML of a DAV error body with one precondition element. */
export function davError(ns: string, condition: string): string {
  const decl = Object.entries(PREFIXES)
    .map(([n, p]) => `xmlns:${p}="${n}"`)
    .join(' ');
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error ${decl}>${element(ns, condition)}</d:error>\n`;
}
