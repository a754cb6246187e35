/**
 * The pages and text of a PDF as pdfkit writes it, read with pdf-lib: each page's content
 * streams (FlateDecode) are scanned for the text operators, and each font's ToUnicode map turns
 * the glyph ids back into characters. Enough for the documents this server draws, not a general
 * PDF text extractor.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef, type PDFStream } from 'pdf-lib';

type CharMap = Map<string, string>;

function streamText(doc: PDFDocument, s: PDFStream | PDFRef | undefined): string {
  const stream = (s && 'contents' in s ? s : doc.context.lookup(s as PDFRef)) as PDFRawStream;
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
  return Buffer.from(bytes).toString('latin1');
}

const hexToString = (hex: string) =>
  String.fromCodePoint(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));

/** A ToUnicode CMap's bfchar and bfrange entries, glyph id (hex) → text. */
function parseCmap(cmap: string): CharMap {
  const map: CharMap = new Map();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(m[1]!.toLowerCase(), hexToString(m[2]!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const [lo, hi] = [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16)];
      const width = m[1]!.length;
      const targets = m[3]!.startsWith('[') ? [...m[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((t) => t[1]!) : null;
      for (let g = lo; g <= hi; g++) {
        const key = g.toString(16).padStart(width, '0');
        if (targets) map.set(key, hexToString(targets[g - lo] ?? ''));
        else {
          const base = hexToString(m[3]!.slice(1, -1));
          map.set(key, String.fromCodePoint(base.codePointAt(0)! + (g - lo)));
        }
      }
    }
  }
  return map;
}

export type PdfText = { pages: number; text: string };

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const lines: { y: number; text: string }[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, CharMap>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.get(PDFName.of('ToUnicode')) as PDFRef | undefined;
      fonts.set(name.asString(), toUnicode ? parseCmap(streamText(doc, toUnicode)) : new Map());
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const ops = streams.map((s) => streamText(doc, s as PDFRef | PDFStream)).join('\n');
    let map: CharMap = new Map();
    // consecutive text objects on (about) one baseline — a line set in several fonts, or a table row — make one line
    let y = 0;
    let last: { y: number; text: string } | null = null;
    const shown = /(\/[^\s/]+)\s+[\d.]+\s+Tf|[-\d.]+\s+([-\d.]+)\s+Tm|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const m of ops.matchAll(shown)) {
      if (m[1]) map = fonts.get(m[1]) ?? new Map();
      else if (m[2] !== undefined) y = Number(m[2]);
      else {
        // a TJ array's strings (kerned apart) are one word; a Tj's string is one
        const hex = m[3] !== undefined ? [...m[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : m[4]!;
        let text = '';
        for (let i = 0; i < hex.length; i += 4) text += map.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
        if (last && Math.abs(last.y - y) < 4) last.text += ` ${text}`;
        else {
          last = { y, text };
          lines.push(last);
        }
      }
    }
  }
  const text = lines.map((l) => l.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return { pages: doc.getPageCount(), text: text.join('\n') };
}
