import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdfjs's metrics of the 14 standard fonts, so that it reads their text without a warning. */
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}${path.sep}`;

/** What a PDF says, read back as a viewer reads it. */
export interface PdfReading {
  /** Each page's text, its lines as pdfjs ends them. */
  pages: string[];
  /** The document's information dictionary (Title, Author, CreationDate, ...). */
  info: Record<string, unknown>;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  // pdfjs takes the array over (it detaches its buffer): it gets a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join(''));
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}

/** A PDF's text, all pages. */
export const pdfText = async (bytes: Uint8Array): Promise<string> => (await readPdf(bytes)).pages.join('\n');
