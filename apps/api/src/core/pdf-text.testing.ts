import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * For tests: the text a PDF shows, read back the way a viewer's "copy text" does. The document fonts are embedded
 * as Identity-H fonts whose strings are glyph ids, so each font's ToUnicode map turns them back into characters
 * (a font without one, a standard font, is WinAnsi: one byte a character). One line per drawn string, pages in
 * order, then the title and author of the info dictionary.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const context = document.context;
  const resolve = (object: PDFObject | undefined) =>
    object instanceof PDFRef ? context.lookup(object) : object;
  const decode = (object: PDFObject | undefined): string => {
    const stream = resolve(object);
    return stream instanceof PDFRawStream
      ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      : '';
  };

  const lines: string[] = [];
  for (const page of document.getPages()) {
    const fonts = new Map<string, Map<string, string> | null>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = resolve(ref);
      const toUnicode = font instanceof PDFDict ? font.get(PDFName.of('ToUnicode')) : undefined;
      fonts.set(name.asString(), toUnicode ? readToUnicode(decode(toUnicode)) : null);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = streams.map((s) => decode(s)).join('\n');
    let font: Map<string, string> | null | undefined;
    for (const op of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (op[1]) {
        font = fonts.get(op[1]);
        continue;
      }
      const hex = op[2]!;
      if (!font) {
        lines.push(Buffer.from(hex, 'hex').toString('latin1'));
        continue;
      }
      let text = '';
      for (let i = 0; i < hex.length; i += 4) text += font.get(hex.slice(i, i + 4).toLowerCase()) ?? '\uFFFD';
      lines.push(text);
    }
  }
  lines.push(document.getTitle() ?? '', document.getAuthor() ?? '');
  return lines.join('\n');
}

/** A ToUnicode CMap's bfchar entries (what pdf-lib writes): glyph id hex → the characters it stands for. */
function readToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const units = entry[2]!.match(/.{4}/g)!.map((unit) => Number.parseInt(unit, 16));
      map.set(entry[1]!.toLowerCase(), String.fromCharCode(...units));
    }
  }
  return map;
}
