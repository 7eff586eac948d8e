// Helpers shared by the printout tests: sample discovery under ../shared and an offline barcode reader.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { ReadResult } from 'zxing-wasm/reader';
import { fiscalRef, projectRoot, sharedAvailable } from '../support/shared';

export { sharedAvailable };

export const resultsDir = path.join(projectRoot, 'test-results', 'documents');

/** Roots the printouts support; other fiscal XMLs in the references are not printouts. */
const PRINTABLE =
  /^<(cteProc|CTe|cteSimpProc|CTeSimp|cteOSProc|CTeOS|dceProc|DCe|procEventoCTe|eventoCTe|procEventoDCe|eventoDCe)[\s>]/;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'schemes' && name !== 'Schemas') walk(full, out);
    } else if (/\.xml$/i.test(name)) out.push(full);
  }
}

export function rootElement(xml: string): string {
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  return /<[A-Za-z][^\s>/]*/.exec(body.trimStart())?.[0].slice(1) ?? '';
}

/** Every CT-e, CT-e OS, DC-e and event sample under ../shared/reference/fiscal, by root element. */
export function printableSamples(): { file: string; name: string; xml: string; root: string }[] {
  if (!sharedAvailable) return [];
  const files: string[] = [];
  walk(fiscalRef(), files);
  return files
    .map((file) => {
      const xml = readFileSync(file, 'utf8');
      const head = xml
        .replace(/^\uFEFF/, '')
        .replace(/<\?[\s\S]*?\?>/g, '')
        .trimStart();
      return {
        file,
        name: path.relative(fiscalRef(), file),
        xml,
        root: rootElement(xml),
        printable: PRINTABLE.test(head),
      };
    })
    .filter((s) => s.printable)
    .map(({ file, name, xml, root }) => ({ file, name, xml, root }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

let ready: Promise<unknown> | undefined;

/** Loads zxing's wasm from node_modules (never from a CDN). */
export function zxingReady(): Promise<unknown> {
  if (ready === undefined) {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = readFileSync(wasmPath);
    ready = prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      },
      fireImmediately: true,
    });
  }
  return ready;
}

export async function decode(png: Uint8Array, formats: ('Code128' | 'QRCode')[]): Promise<ReadResult[]> {
  await zxingReady();
  return readBarcodes(png, { formats, tryHarder: true, maxNumberOfSymbols: 8 });
}

/** Visible text of the printout HTML (tags removed, entities decoded), for content assertions. */
export function htmlText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
