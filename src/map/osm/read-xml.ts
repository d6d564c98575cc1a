import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import sax from 'sax';
import { NO_TAGS, type OsmHandler, type OsmMemberType, type OsmNode, type OsmRelation, type OsmWay } from './elements.js';
import { OsmFormatError } from './osm-format-error.js';
import type { ReadOsmOptions } from './read-options.js';

type Open = { kind: 'node'; el: OsmNode } | { kind: 'way'; el: OsmWay } | { kind: 'relation'; el: OsmRelation };

function numberAttr(attrs: Record<string, string>, name: string): number {
  const value = Number(attrs[name]);
  if (attrs[name] === undefined || !Number.isFinite(value)) throw new Error(`missing or bad attribute ${name}`);
  return value;
}

/** Builds elements from sax events; `visible="false"` elements (history dumps) are dropped. */
class XmlElementCollector {
  private open: Open | null = null;
  private tags: Record<string, string> | null = null;

  constructor(private readonly handler: OsmHandler) {}

  onOpen(name: string, attrs: Record<string, string>): void {
    if (name === 'node' || name === 'way' || name === 'relation') this.start(name, attrs);
    else if (!this.open) return;
    else if (name === 'tag') (this.tags ??= {})[attrs.k ?? ''] = attrs.v ?? '';
    else if (name === 'nd' && this.open.kind === 'way') this.open.el.refs.push(numberAttr(attrs, 'ref'));
    else if (name === 'member' && this.open.kind === 'relation') {
      this.open.el.members.push({ type: attrs.type as OsmMemberType, ref: numberAttr(attrs, 'ref'), role: attrs.role ?? '' });
    }
  }

  onClose(name: string): void {
    const open = this.open;
    if (!open || name !== open.kind) return;
    this.open = null;
    if (this.tags) open.el.tags = this.tags;
    this.tags = null;
    if (open.kind === 'node') this.handler.node?.(open.el);
    else if (open.kind === 'way') this.handler.way?.(open.el);
    else this.handler.relation?.(open.el);
  }

  private start(kind: Open['kind'], attrs: Record<string, string>): void {
    this.tags = null;
    if (attrs.visible === 'false') {
      this.open = null;
      return;
    }
    const id = numberAttr(attrs, 'id');
    if (kind === 'node') {
      this.open = { kind, el: { id, lat: numberAttr(attrs, 'lat'), lon: numberAttr(attrs, 'lon'), tags: NO_TAGS } };
    } else if (kind === 'way') this.open = { kind, el: { id, refs: [], tags: NO_TAGS } };
    else this.open = { kind, el: { id, members: [], tags: NO_TAGS } };
  }
}

/** Streams an `.osm` XML file through sax (strict mode). Meant for small test maps and the demo town. */
export async function readXml(path: string, handler: OsmHandler, options: ReadOsmOptions = {}): Promise<void> {
  const { size } = await stat(path);
  const parser = sax.parser(true);
  const collector = new XmlElementCollector(handler);
  parser.onopentag = (tag) => collector.onOpen(tag.name, tag.attributes as Record<string, string>);
  parser.onclosetag = (name) => collector.onClose(name);
  let consumed = 0;
  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
      parser.write(chunk as string);
      consumed += Buffer.byteLength(chunk as string);
      options.onProgress?.(size > 0 ? consumed / size : 1);
    }
    parser.close();
  } catch (error) {
    if (error instanceof OsmFormatError) throw error;
    throw new OsmFormatError((error as Error).message, path);
  }
}
