import type { PrinterAdapter } from '../app/host';
import { ChromiumPdfEngine } from '../documents/pdf';
import type { PdfEngine } from '../documents/pdf';

/**
 * The web host cannot reach the user's printers: PDFs come from headless Chromium and "print"
 * hands the PDF to the browser, where the user prints it (`canPrint` false). Two warm pages, so a
 * batch's joined print jobs run side by side on a 2-core machine.
 */
export function createWebPrinter(
  engine: PdfEngine = new ChromiumPdfEngine({ poolSize: 2 }),
  options: { ownsEngine?: boolean } = {},
): PrinterAdapter {
  const owns = options.ownsEngine ?? true;
  return {
    canPrint: false,
    listPrinters: () => Promise.resolve([]),
    print: () => Promise.resolve(false),
    toPdf: async (html) => Buffer.from(await engine.htmlToPdf(html)),
    // An engine the caller owns stays open for its other users.
    close: () => (owns ? engine.close() : Promise.resolve()),
  };
}
